import { request } from 'node:http';
import { listAnnouncementsResponse } from '@jade/contracts/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOtherBrand } from '../../test/brands.js';
import { startTestServer, type TestServer } from '../../test/server.js';
import * as merchants from '../merchants/service.js';
import * as repo from './repo.js';

type Envelope = {
  success: boolean;
  value?: any;
  error?: { code: string; message: string; fields?: any; details?: any };
};

const PATH = '/wps/relay/MCSFE_getListAnnouncements';
const OTHER_HOST = 'notices.other.example';

let server: TestServer;
let demoId: number;
let otherId: number;

const post = async (body: unknown) =>
  server.json<Envelope>(PATH, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
const notices = async (body: unknown) => {
  const { status, body: envelope } = await post(body);
  expect(status).toBe(200);
  return listAnnouncementsResponse.parse(envelope.value);
};

/** A request with a Host header of our choosing (fetch will not send one). */
const postAsHost = (host: string, body: unknown) =>
  new Promise<{ status: number; body: Envelope }>((resolve, reject) => {
    const req = request(
      `${server.url}${PATH}`,
      { method: 'POST', headers: { host, 'content-type': 'application/json' } },
      (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) as Envelope }));
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });

const notice = (merchantId: number, extra: Partial<repo.NewAnnouncement> = {}): repo.NewAnnouncement => ({
  merchantId,
  type: 'B',
  platform: 'W',
  execution: 'B',
  language: 'EN',
  title: 'Test notice',
  content: '<p>Test</p>',
  publishedAt: new Date(Date.now() - 60_000).toISOString(),
  endsAt: null,
  sortOrder: 0,
  ...extra,
});

beforeAll(async () => {
  server = await startTestServer();
  demoId = (await merchants.getMerchantByCode(server.db, 'DEMO')).id;
  otherId = await createOtherBrand(server.db, { host: OTHER_HOST });
});
afterAll(async () => server.close());

describe('POST /wps/relay/MCSFE_getListAnnouncements', () => {
  it("pages the brand's notices 9 at a time in its default language, pinned first, then newest", async () => {
    const first = await notices({});
    expect(first).toMatchObject({ pageNum: 1, totalPages: 2, totalCount: 15 });
    expect(first.announcements).toHaveLength(9);
    expect(first.announcements.every((a) => a.language === 'TY')).toBe(true);
    expect(first.announcements[0]).toMatchObject({ type: 'B', title: 'Chào mừng đến với Jade Demo' });
    expect(first.announcements[0]?.content).toContain('<p>');
    expect(first.announcements[0]?.timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    const times = first.announcements.map((a) => a.timestamp);
    expect([...times].sort().reverse()).toEqual(times);
    const second = await notices({ pageNo: 2 });
    expect(second).toMatchObject({ pageNum: 2, totalPages: 2, totalCount: 15 });
    expect(second.announcements).toHaveLength(6);
    const ids = [...first.announcements, ...second.announcements].map((a) => a.id);
    expect(new Set(ids).size).toBe(15);
  });

  it('answers an empty page past the last one', async () => {
    expect(await notices({ pageNo: 3 })).toEqual({
      announcements: [],
      pageNum: 3,
      totalPages: 2,
      totalCount: 15,
    });
  });

  it('answers in the asked language, and falls back to the brand default for a language without notices', async () => {
    const english = await notices({ language: 'EN', pageSize: 100 });
    expect(english.totalCount).toBe(15);
    expect(english.announcements[0]?.title).toBe('Welcome to Jade Demo');
    const japanese = await notices({ language: 'ja' });
    expect(japanese.announcements[0]?.language).toBe('TY');
  });

  it('filters by type, as an array or as comma-separated text', async () => {
    const promotions = await notices({ types: ['PR'], pageSize: 100 });
    expect(promotions.totalCount).toBe(4);
    expect(promotions.announcements.every((a) => a.type === 'PR')).toBe(true);
    const two = await notices({ types: 'B,PL', pageSize: 100 });
    expect(new Set(two.announcements.map((a) => a.type))).toEqual(new Set(['B', 'PL']));
    expect(two.totalCount).toBe(6);
  });

  it('applies platform W and execution type B by default', async () => {
    expect((await notices({ platform: 'W', execution: 'B' })).totalCount).toBe(15);
    expect(await notices({ execution: 'Z' })).toEqual({
      announcements: [],
      pageNum: 1,
      totalPages: 0,
      totalCount: 0,
    });
  });

  it('hides notices not yet published and notices that have ended', async () => {
    const day = 24 * 60 * 60 * 1000;
    await repo.insertAnnouncements(server.db, [
      notice(demoId, { title: 'Future', publishedAt: new Date(Date.now() + day).toISOString() }),
      notice(demoId, { title: 'Ended', endsAt: new Date(Date.now() - 1000).toISOString() }),
      notice(demoId, { title: 'Running', endsAt: new Date(Date.now() + day).toISOString() }),
    ]);
    const titles = (await notices({ language: 'EN', pageSize: 100 })).announcements.map((a) => a.title);
    expect(titles).toContain('Running');
    expect(titles).not.toContain('Future');
    expect(titles).not.toContain('Ended');
  });

  it('refuses bad input with field errors', async () => {
    for (const [body, field] of [
      [{ types: ['X'] }, 'types.0'],
      [{ types: [] }, 'types'],
      [{ platform: 'M' }, 'platform'],
      [{ pageNo: 0 }, 'pageNo'],
      [{ pageSize: 101 }, 'pageSize'],
      [{ execution: 'b' }, 'execution'],
    ] as const) {
      const { status, body: envelope } = await post(body);
      expect(status, JSON.stringify(body)).toBe(400);
      expect(envelope.error?.code).toBe('VALIDATION_FAILED');
      expect(envelope.error?.fields, JSON.stringify(body)).toHaveProperty([field]);
    }
  });

  it("keeps each brand's notices to itself", async () => {
    let other = await postAsHost(OTHER_HOST, {});
    expect(other.status).toBe(200);
    expect(other.body.value).toEqual({ announcements: [], pageNum: 1, totalPages: 0, totalCount: 0 });
    await repo.insertAnnouncements(server.db, [notice(otherId, { title: 'Other brand only' })]);
    other = await postAsHost(OTHER_HOST, {});
    expect(other.body.value.announcements.map((a: any) => a.title)).toEqual(['Other brand only']);
    const demo = await notices({ language: 'EN', pageSize: 100 });
    expect(demo.announcements.map((a) => a.title)).not.toContain('Other brand only');
  });

  it("refuses a merchant code that is not the host's brand", async () => {
    expect((await notices({ merchantCode: 'DEMO' })).totalCount).toBe(15);
    const { status, body } = await post({ merchantCode: 'OTHER' });
    expect(status).toBe(403);
    expect(body.error?.code).toBe('FORBIDDEN');
    expect((await postAsHost(OTHER_HOST, { merchantCode: 'DEMO' })).status).toBe(403);
  });
});
