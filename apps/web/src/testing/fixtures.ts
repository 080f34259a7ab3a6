import { WHITELABEL_FLAGS } from '@jade/contracts/whitelabel';
import {
  statusResponse,
  whitelabelResponse,
  type StatusResponse,
  type WhitelabelResponse,
} from '@jade/contracts/system';

/** A brand as the server sends it; parsed, so a contract change breaks the fixture loudly. */
export const whitelabelFixture = (overrides: Partial<WhitelabelResponse> = {}): WhitelabelResponse =>
  whitelabelResponse.parse({
    merchant: {
      code: 'DEMO',
      name: 'Jade Demo',
      currency: 'VND',
      currencyExponent: 0,
      currencySymbol: '₫',
      defaultLanguage: 'EN',
      languages: [
        { code: 'EN', locale: 'en-US', label: 'English' },
        { code: 'TY', locale: 'vi-VN', label: 'Tiếng Việt' },
      ],
      chatHeaderColor: '#0b3d2e',
      lotteryType: 'SEA',
      prizeModes: ['Lott', 'ZY', 'Elott', 'SEA'],
      platform: 'web',
    },
    whitelabel: Object.fromEntries(WHITELABEL_FLAGS.map((flag) => [flag, false])),
    register: { fields: [], smsExpiredMinutes: 5 },
    resources: [],
    customerService: [
      { type: 'LIVE_CHAT', label: 'Live chat', url: 'https://chat.example/demo', width: 440, height: 750 },
    ],
    analytics: { gtagId: null },
    imageCDNs: [],
    launchGameCDNs: [],
    location: { ip: '203.0.113.7', country: 'VN' },
    maintenance: { active: false, message: '' },
    regionRestriction: { restricted: false },
    ...overrides,
  });

export const statusFixture = (overrides: Partial<StatusResponse> = {}): StatusResponse =>
  statusResponse.parse({
    systemStatus: 0,
    merchantCode: 'DEMO',
    location: { ip: '203.0.113.7', country: 'VN' },
    gtagId: null,
    imgUrl: null,
    maintenanceMessage: null,
    ...overrides,
  });
