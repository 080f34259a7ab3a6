import fs from 'node:fs';
import { request } from 'node:http';
import {
  availablePromotionsResponse,
  promotionDetail,
  promotionListResponse,
  vipRanksResponse,
  type EngagementFileInput,
} from '@jade/contracts/engagement';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOtherBrand } from '../../test/brands.js';
import { runCli, writeDataFile } from '../../test/cli.js';
import { createClient } from '../../test/client.js';
import { registeredMember } from '../../test/funded-member.js';
import { startTestServer, type TestServer } from '../../test/server.js';
import * as merchants from '../merchants/service.js';
import * as engagement from './service.js';

type Envelope = {
  success: boolean;
  value?: any;
  error?: { code: string; message: string; fields?: any; details?: any };
};

const CAPTCHA = 'v1p5';
const OTHER_HOST = 'promos.other.example';
const AVAILABLE = '/wps/relay/MCSFE_getAvailablePromotions';
const DAY = 24 * 60 * 60 * 1000;
/** What a new demo member (VIP0, no deposit) may take: ALL and NEW_MEMBER offers open to VIP0. */
const NEW_MEMBER_OFFERS = ['WELCOME_100', 'SLOTS_CASHBACK', 'PARLAY_INSURANCE', 'LOTTO_SUNDAY'];

let server: TestServer;
let demoId: number;
let otherId: number;

const get = (url: string, token?: string) =>
  server.json<Envelope>(url, token ? { headers: { authorization: `Bearer ${token}` } } : {});

/** A GET with a Host header of our choosing (fetch will not send one). */
const getAsHost = (host: string, url: string) =>
  new Promise<{ status: number; body: Envelope }>((resolve, reject) => {
    const req = request(`${server.url}${url}`, { headers: { host } }, (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) as Envelope }));
    });
    req.on('error', reject);
    req.end();
  });

const at = (days: number) => new Date(Date.now() + days * DAY).toISOString();

/** A running EVENT promotion open to everyone; tests override what they are about. */
const promotion = (code: string, extra: Record<string, unknown> = {}) => ({
  code,
  category: 'EVENT' as const,
  titles: { EN: `${code} title` },
  summaries: { EN: `${code} summary` },
  contents: { EN: `<p>${code} content</p>` },
  startsAt: at(-1),
  ...extra,
});

const importFor = async (merchantId: number, file: EngagementFileInput) =>
  await engagement.importEngagement(server.db, merchantId, engagement.parseEngagementFile(file));

const promotionId = async (merchantId: number, code: string) =>
  (
    await server.db
      .selectFrom('promotion')
      .select('id')
      .where('merchant_id', '=', merchantId)
      .where('code', '=', code)
      .executeTakeFirstOrThrow()
  ).id;

const available = async (token: string, query = '') => {
  const { status, body } = await get(`${AVAILABLE}${query}`, token);
  expect(status, JSON.stringify(body)).toBe(200);
  return availablePromotionsResponse.parse(body.value);
};

beforeAll(async () => {
  server = await startTestServer({ TRUSTED_PROXIES: '127.0.0.1' }, { captchaText: () => CAPTCHA });
  demoId = (await merchants.getMerchantByCode(server.db, 'DEMO')).id;
  await merchants.setFlag(server.db, demoId, 'REGMOBVERF3', false);
  otherId = await createOtherBrand(server.db, { host: OTHER_HOST });
  const rank = { dailyWithdrawalCount: 3, dailyWithdrawalLimit: 100_000 };
  await importFor(otherId, {
    ranks: [
      { ...rank, level: 0, names: { EN: 'Starter', TY: 'Khởi đầu' } },
      { ...rank, level: 1, names: { TY: 'Chỉ tiếng Việt' } },
      { ...rank, level: 2, names: { ja: 'ゴールド' } },
      { ...rank, level: 3, names: { EN: 'Hidden' }, isEnabled: false },
    ],
    promotions: [
      promotion('OTHER_ALL'),
      promotion('OTHER_JA', {
        titles: { ja: '春のボーナス' },
        summaries: { ja: '概要' },
        contents: { ja: '<p>本文</p>' },
      }),
    ],
  });
});
afterAll(async () => server.close());

describe('GET /wps/vip/ranks', () => {
  it("lists the demo brand's six ranks, lowest first, in its default language with minor-unit figures", async () => {
    const { status, body } = await get('/wps/vip/ranks');
    expect(status).toBe(200);
    const { ranks } = vipRanksResponse.parse(body.value);
    expect(ranks.map((r) => [r.level, r.name])).toEqual([
      [0, 'Thành viên'],
      [1, 'Đồng'],
      [2, 'Bạc'],
      [3, 'Vàng'],
      [4, 'Bạch kim'],
      [5, 'Kim cương'],
    ]);
    expect(ranks[1]).toEqual({
      level: 1,
      name: 'Đồng',
      depositRequirement: 500_000_000,
      turnoverRequirement: 5_000_000_000,
      dailyWithdrawalCount: 5,
      dailyWithdrawalLimit: 10_000_000_000,
      birthdayBonus: 18_800_000,
      upgradeBonus: 8_800_000,
      rebateRateBp: 40,
    });
  });

  it('names ranks in the asked language, without case, else the brand default, EN, then any', async () => {
    const names = async (url: string, host?: string) => {
      const answer = host ? await getAsHost(host, url) : await get(url);
      expect(answer.status).toBe(200);
      return vipRanksResponse.parse(answer.body.value).ranks.map((r) => r.name);
    };
    expect((await names('/wps/vip/ranks?language=en')).slice(0, 2)).toEqual(['Member', 'Bronze']);
    // zh has no names: the demo brand's default (TY) answers.
    expect((await names('/wps/vip/ranks?language=zh')).slice(0, 2)).toEqual(['Thành viên', 'Đồng']);
    // The other brand: default EN; a rank without the language falls back per rank; disabled ranks hide.
    expect(await names('/wps/vip/ranks?language=TY', OTHER_HOST)).toEqual([
      'Khởi đầu',
      'Chỉ tiếng Việt',
      'ゴールド',
    ]);
    expect(await names('/wps/vip/ranks', OTHER_HOST)).toEqual(['Starter', 'Chỉ tiếng Việt', 'ゴールド']);
  });

  it("refuses a merchant code that is not the host's brand", async () => {
    const { status, body } = await get('/wps/vip/ranks?merchantCode=OTHER');
    expect([status, body.error?.code]).toEqual([403, 'FORBIDDEN']);
    expect((await get('/wps/vip/ranks?merchantCode=demo')).status).toBe(200);
  });
});

describe('GET /wps/promotions', () => {
  const list = async (query = '') => {
    const { status, body } = await get(`/wps/promotions${query}`);
    expect(status, JSON.stringify(body)).toBe(200);
    return promotionListResponse.parse(body.value);
  };

  it("lists the brand's running promotions in brand order, with the category counts", async () => {
    const page = await list();
    expect(page.promotions.map((p) => p.code)).toEqual([
      'WELCOME_100',
      'WEEKEND_RELOAD',
      'SLOTS_CASHBACK',
      'PARLAY_INSURANCE',
      'VIP_BIRTHDAY',
      'LOTTO_SUNDAY',
    ]);
    expect(page).toMatchObject({ pageNum: 1, totalPages: 1, totalCount: 6 });
    expect(page.categories).toEqual([
      { category: 'DEPOSIT', count: 2 },
      { category: 'LOTTERY', count: 1 },
      { category: 'REBATE', count: 1 },
      { category: 'SPORTS', count: 1 },
      { category: 'VIP', count: 1 },
    ]);
    expect(page.promotions[0]).toMatchObject({
      category: 'DEPOSIT',
      language: 'TY',
      title: 'Thưởng 100% nạp đầu lên đến 5.000.000 ₫',
      imageUrl: '/media/promotions/welcome-100.svg',
      endsAt: null,
      audience: 'NEW_MEMBER',
      minVipLevel: 0,
      terms: { bonusRateBp: 10_000, maxBonus: 500_000_000, minDeposit: 10_000_000, turnoverMultiplier: 15 },
    });
    expect(page.promotions[0]).not.toHaveProperty('content');
  });

  it('filters by category, pages, and speaks the asked language', async () => {
    const deposits = await list('?category=DEPOSIT&language=EN');
    expect(deposits.promotions.map((p) => p.title)).toEqual([
      '100% First Deposit Bonus up to ₫5,000,000',
      '50% Weekend Reload Bonus',
    ]);
    expect(deposits).toMatchObject({ totalCount: 2, totalPages: 1 });
    expect(deposits.categories).toHaveLength(5);
    const second = await list('?pageNo=2&pageSize=4');
    expect(second.promotions.map((p) => p.code)).toEqual(['VIP_BIRTHDAY', 'LOTTO_SUNDAY']);
    expect(second).toMatchObject({ pageNum: 2, totalPages: 2, totalCount: 6 });
    const none = await list('?category=CASINO');
    expect(none).toMatchObject({ promotions: [], totalCount: 0, totalPages: 0 });
  });

  it('hides promotions that have not started, have ended or are switched off; their detail is 404', async () => {
    // On the other brand, so the demo brand's offers stay as seeded for the member tests below.
    await importFor(otherId, {
      promotions: [
        promotion('FUTURE', { startsAt: at(1) }),
        promotion('EXPIRED', { startsAt: at(-10), endsAt: at(-1) }),
        promotion('SWITCHED_OFF', { isEnabled: false }),
        promotion('RUNNING', { startsAt: at(-2), endsAt: at(2) }),
      ],
    });
    const codes = async () =>
      promotionListResponse
        .parse((await getAsHost(OTHER_HOST, '/wps/promotions')).body.value)
        .promotions.map((p) => p.code)
        .sort();
    expect(await codes()).toEqual(['OTHER_ALL', 'OTHER_JA', 'RUNNING']);
    for (const code of ['FUTURE', 'EXPIRED', 'SWITCHED_OFF']) {
      const { status, body } = await getAsHost(
        OTHER_HOST,
        `/wps/promotions/${await promotionId(otherId, code)}`,
      );
      expect([status, body.error?.code], code).toEqual([404, 'PROMOTION_NOT_FOUND']);
    }
    // Switching it back on (a re-import by code) shows it again.
    await importFor(otherId, { promotions: [promotion('SWITCHED_OFF')] });
    expect(await codes()).toEqual(['OTHER_ALL', 'OTHER_JA', 'RUNNING', 'SWITCHED_OFF']);
  });

  it('refuses an unknown category and a foreign merchant code', async () => {
    expect((await get('/wps/promotions?category=NOPE')).body.error?.code).toBe('VALIDATION_FAILED');
    expect((await get('/wps/promotions?merchantCode=OTHER')).body.error?.code).toBe('FORBIDDEN');
  });
});

describe('GET /wps/promotions/:id', () => {
  it('answers one promotion with its HTML content, in the asked language', async () => {
    const id = await promotionId(demoId, 'WELCOME_100');
    const { status, body } = await get(`/wps/promotions/${id}?language=EN`);
    expect(status).toBe(200);
    const detail = promotionDetail.parse(body.value);
    expect(detail).toMatchObject({
      id,
      code: 'WELCOME_100',
      language: 'EN',
      title: expect.stringMatching(/^100%/),
    });
    expect(detail.content).toContain('<h3>How to take part</h3>');
    const vi = promotionDetail.parse((await get(`/wps/promotions/${id}`)).body.value);
    expect(vi.content).toContain('Cách tham gia');
  });

  it("answers 404 for an unknown id and for another brand's promotion, 400 for a bad id", async () => {
    const foreign = await promotionId(otherId, 'OTHER_ALL');
    for (const url of [`/wps/promotions/${foreign}`, '/wps/promotions/999999']) {
      const { status, body } = await get(url);
      expect([status, body.error?.code], url).toEqual([404, 'PROMOTION_NOT_FOUND']);
    }
    expect((await getAsHost(OTHER_HOST, `/wps/promotions/${foreign}`)).status).toBe(200);
    const bad = await get('/wps/promotions/abc');
    expect([bad.status, bad.body.error?.code]).toEqual([400, 'VALIDATION_FAILED']);
  });

  it('falls back per promotion to any language it has', async () => {
    const id = await promotionId(otherId, 'OTHER_JA');
    const { body } = await getAsHost(OTHER_HOST, `/wps/promotions/${id}?language=EN`);
    expect(body.value).toMatchObject({ language: 'ja', title: '春のボーナス', content: '<p>本文</p>' });
  });
});

describe('GET /wps/relay/MCSFE_getAvailablePromotions', () => {
  it('refuses a missing or unknown token with UNAUTHENTICATED, on GET and POST', async () => {
    const anonymous = createClient(server);
    for (const answer of [
      await anonymous.call('GET', AVAILABLE),
      await anonymous.call('POST', AVAILABLE, { body: {} }),
      await anonymous.call('GET', AVAILABLE, { token: 'not-a-token' }),
    ]) {
      expect([answer.status, answer.body.error.code]).toEqual([401, 'UNAUTHENTICATED']);
    }
  });

  it('offers a member what fits its audience and VIP level, and counts it', async () => {
    const member = await registeredMember(server, { prefix: 'promo', captcha: CAPTCHA });
    const fresh = await available(member.token);
    expect(fresh.promotions.map((p) => p.code)).toEqual(NEW_MEMBER_OFFERS);
    // Nothing to claim yet: the first-deposit bonus waits for a deposit, the rest for a review (0050).
    expect(fresh.count).toBe(0);
    expect(fresh.promotions[0]?.language).toBe('TY');

    // An approved deposit makes an existing member: the reload comes, and the first-deposit offer
    // stays while that deposit can claim it, which the badge counts.
    const channel = await server.db
      .selectFrom('payment_channel')
      .select('id')
      .where('merchant_id', '=', demoId)
      .executeTakeFirstOrThrow();
    await server.db
      .insertInto('deposit')
      .values({
        merchant_id: demoId,
        member_id: member.memberId,
        channel_id: channel.id,
        amount: 10_000_000,
        status: 'APPROVED',
        reference: null,
        proof_file: null,
        gateway_order_id: null,
        note: null,
        operator_id: null,
        created_at: new Date().toISOString(),
        decided_at: new Date().toISOString(),
      })
      .execute();
    const existing = await available(member.token, '?language=EN');
    expect(existing.promotions.map((p) => p.code)).toEqual([
      'WELCOME_100',
      'WEEKEND_RELOAD',
      'SLOTS_CASHBACK',
      'PARLAY_INSURANCE',
      'LOTTO_SUNDAY',
    ]);
    expect(existing.promotions[1]?.title).toBe('50% Weekend Reload Bonus');
    expect(existing.count).toBe(1);

    // VIP 1 opens the birthday gift (minimum VIP level 1).
    await server.db.updateTable('member').set({ vip_level: 1 }).where('id', '=', member.memberId).execute();
    const vip = await available(member.token);
    expect(vip.count).toBe(1);
    expect(vip.promotions.map((p) => p.code)).toContain('VIP_BIRTHDAY');

    const posted = await createClient(server).call('POST', AVAILABLE, { token: member.token, body: {} });
    expect(posted.status).toBe(200);
    expect(posted.body.value.count).toBe(1);
  });

  it('gives a trial (free play) account nothing', async () => {
    const client = createClient(server, { headers: { 'x-forwarded-for': '198.51.100.250' } });
    const answer = await client.call('POST', '/wps/session/login/freeplay', {
      body: { os: 'linux', platform: 'W', gatewayVersion: 3 },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(await available(answer.body.value.token)).toEqual({ promotions: [], count: 0 });
  });
});

describe('jade engagement import', () => {
  const run = (...argv: string[]) => runCli(server, ...argv);
  const writeFile = (name: string, content: unknown) => writeDataFile(server, name, content);

  it('imports ranks and promotions for the brand and replaces them by level and code', async () => {
    const file = writeFile('engagement.json', {
      ranks: [{ level: 6, names: { EN: 'Jade Crown' }, dailyWithdrawalCount: 20, dailyWithdrawalLimit: 1 }],
      promotions: [promotion('CLI_EVENT', { titles: { EN: 'From the CLI' } })],
    });
    expect(await run('engagement', 'import', file)).toBe(
      `DEMO: imported 1 VIP ranks and 1 promotions from ${file}`,
    );
    const ranks = vipRanksResponse.parse((await get('/wps/vip/ranks?language=EN')).body.value).ranks;
    expect(ranks.at(-1)).toMatchObject({ level: 6, name: 'Jade Crown', dailyWithdrawalCount: 20 });
    fs.writeFileSync(
      file,
      JSON.stringify({
        ranks: [
          { level: 6, names: { EN: 'Jade Crown II' }, dailyWithdrawalCount: 21, dailyWithdrawalLimit: 1 },
        ],
      }),
    );
    await run('engagement', 'import', file);
    const again = vipRanksResponse.parse((await get('/wps/vip/ranks?language=EN')).body.value).ranks;
    expect(again.filter((r) => r.level === 6)).toEqual([expect.objectContaining({ name: 'Jade Crown II' })]);
    const id = await promotionId(demoId, 'CLI_EVENT');
    expect((await get(`/wps/promotions/${id}`)).body.value.title).toBe('From the CLI');
  });

  it('refuses a bad file whole, naming each bad field', async () => {
    const file = writeFile('bad.json', {
      promotions: [
        promotion('BAD_DATES', { startsAt: at(1), endsAt: at(-1) }),
        promotion('bad code', { audience: 'VISITORS' }),
      ],
    });
    await expect(run('engagement', 'import', file)).rejects.toThrow(
      /promotions\[0\]\.endsAt: A promotion must end after it starts.*promotions\[1\]\.code.*promotions\[1\]\.audience/,
    );
    expect(await promotionId(demoId, 'BAD_DATES').catch(() => undefined)).toBeUndefined();
    await expect(run('engagement', 'import', writeFile('empty.json', {}))).rejects.toThrow(
      /Give at least one rank or promotion/,
    );
    await expect(run('engagement', 'import', writeFile('text.json', 'not json'))).rejects.toThrow(
      /is not valid JSON/,
    );
  });
});
