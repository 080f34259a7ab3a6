import { openSetting } from '../../../platform/crypto.js';
import { AppError } from '../../../platform/errors.js';
import type { ChannelAdapter } from './channel.js';
import { gatewayAdapter, gatewayChannelConfig } from './gateway.js';
import { manualBankAdapter } from './manual-bank.js';

type ChannelRow = { merchant_id: number; code: string; kind: string; config: string };

/** What a channel's secret is sealed for: the channel itself, so it opens nowhere else. */
export const channelSecretPurpose = (merchantId: number, code: string) =>
  `payment-channel:${merchantId}:${code}`;

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

/**
 * The adapter of a channel row. `serverSecret` opens a gateway's sealed signing secret; a gateway
 * channel whose configuration is incomplete, or whose secret was sealed under another server secret,
 * answers PAYMENT_GATEWAY_UNAVAILABLE before anything is written.
 */
export const channelAdapter = (channel: ChannelRow, serverSecret: string): ChannelAdapter => {
  const config = parseJson(channel.config);
  if (channel.kind === 'MANUAL_BANK') return manualBankAdapter(config);
  const notConfigured = (why: string) =>
    new AppError('PAYMENT_GATEWAY_UNAVAILABLE', `Channel '${channel.code}' is not usable: ${why}`, {
      details: { reason: 'not configured' },
    });
  if (channel.kind !== 'GATEWAY') throw notConfigured(`unknown kind '${channel.kind}'`);
  const parsed = gatewayChannelConfig.safeParse(config);
  if (!parsed.success) throw notConfigured('its gateway URL, merchant id or secret is missing');
  let secret: string;
  try {
    secret = openSetting(
      serverSecret,
      channelSecretPurpose(channel.merchant_id, channel.code),
      parsed.data.secretSealed,
    );
  } catch {
    throw notConfigured('its secret was sealed under another server secret; set it again');
  }
  return gatewayAdapter(parsed.data, () => secret);
};
