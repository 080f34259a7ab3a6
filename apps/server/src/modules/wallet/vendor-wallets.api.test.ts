import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { once } from 'node:events';
import { MAX_AMOUNT_PER_CALL } from '@jade/contracts/wallet';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fundedMember as fundedMemberOf, walletBalance } from '../../test/funded-member.js';
import { checkAndClose, startTestServer, type TestServer } from '../../test/server.js';
import * as merchants from '../merchants/service.js';
import { listTransferVendors } from '../games/service.js';
import { checkInvariants, getAccountBalance, houseAccount } from './ledger.js';
import {
  findWalletApi,
  nextVendorReconcile,
  reconcileVendorTransfers,
  setWalletApi,
  transferWithVendor,
} from './vendor-wallets.js';

const CAPTCHA = 'v3nd';
let server: TestServer;
let demoId: number;
let vendorCode: string;
let vendor: ChildProcess;
let vendorUrl: string;

/** The loopback vendor process of scripts/dev-vendor.mjs: a real HTTP wallet API. */
const startVendor = async () => {
  const script = path.resolve(import.meta.dirname, '../../../../../scripts/dev-vendor.mjs');
  vendor = spawn(process.execPath, [script], { stdio: ['ignore', 'pipe', 'inherit'] });
  const [line] = (await once(vendor.stdout!, 'data')) as [Buffer];
  vendorUrl = `http://127.0.0.1:${/listening (\d+)/.exec(line.toString())![1]}`;
};
const control = (settings: { delayMs?: number; refuse?: boolean; drop?: boolean }) =>
  fetch(`${vendorUrl}/control`, { method: 'POST', body: JSON.stringify(settings) });
const vendorBalance = async (memberId: number) =>
  ((await (await fetch(`${vendorUrl}/players/DEMO_${memberId}`)).json()) as { balance: number }).balance;
const float = async () => getAccountBalance(server.db, await houseAccount(server.db, demoId, 'VENDOR_FLOAT'));
const fundedMember = (funds: number) =>
  fundedMemberOf(server, demoId, funds, { prefix: 'vendorw', captcha: CAPTCHA });

beforeAll(async () => {
  server = await startTestServer({ TRUSTED_PROXIES: '127.0.0.1' }, { captchaText: () => CAPTCHA });
  demoId = (await merchants.getMerchantByCode(server.db, 'DEMO')).id;
  await merchants.setFlag(server.db, demoId, 'REGMOBVERF3', false);
  vendorCode = (await listTransferVendors(server.db, demoId))[0]!.code;
  await startVendor();
  await setWalletApi(server.db, demoId, vendorCode, { baseUrl: vendorUrl, timeoutMs: 300 });
});
afterAll(async () => {
  vendor.kill('SIGTERM');
  await checkAndClose(server);
});
beforeEach(async () => {
  await control({});
});

describe('a vendor wallet behind a wallet API', () => {
  it('moves money in and out through the vendor, which holds the same balance', async () => {
    const m = await fundedMember(50_000);
    const floatBefore = await float();
    const moved = await m.transfer({ direction: 'IN', vassalage: vendorCode, amount: 20_000 }, 'in-1');
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.value.pending).toBeUndefined();
    expect(walletBalance(moved.body.value.balances, 'MAIN')).toBe(30_000);
    expect(walletBalance(moved.body.value.balances, vendorCode)).toBe(20_000);
    expect(await vendorBalance(m.memberId)).toBe(20_000);

    const back = await m.transfer({ direction: 'OUT', vassalage: vendorCode, amount: 5_000 }, 'out-1');
    expect(back.status).toBe(200);
    expect(walletBalance(back.body.value.balances, 'MAIN')).toBe(35_000);
    expect(await vendorBalance(m.memberId)).toBe(15_000);

    const all = await m.transfer({ direction: 'ALL_BACK' }, 'all-1');
    expect(all.status).toBe(200);
    expect(walletBalance(all.body.value.balances, 'MAIN')).toBe(50_000);
    expect(await vendorBalance(m.memberId)).toBe(0);
    expect(await float()).toBe(floatBefore);
  });

  it('answers a retry with the first answer and never calls the vendor twice', async () => {
    const m = await fundedMember(10_000);
    const body = { direction: 'IN', vassalage: vendorCode, amount: 4_000 };
    const answers = await Promise.all([1, 2, 3].map(() => m.transfer(body, 'same-key')));
    const ok = answers.filter((a) => a.status === 200);
    expect(ok.length).toBeGreaterThan(0);
    for (const a of answers) expect([200, 409]).toContain(a.status);
    const again = await m.transfer(body, 'same-key');
    expect(again.status).toBe(200);
    expect(again.body.value.transfers).toEqual(ok[0]!.body.value.transfers);
    expect(await vendorBalance(m.memberId)).toBe(4_000);
    expect(walletBalance(await m.balances(), 'MAIN')).toBe(6_000);
  });

  // Issue 19 item 11: an amount past the per-call bound is refused before the vendor hears of it.
  it('refuses a transfer of more than the per-call bound with a 400, moving nothing', async () => {
    const m = await fundedMember(MAX_AMOUNT_PER_CALL + 1);
    const huge = await m.transfer(
      { direction: 'IN', vassalage: vendorCode, amount: MAX_AMOUNT_PER_CALL + 1 },
      'huge-in',
    );
    expect(huge.status, JSON.stringify(huge.body)).toBe(400);
    expect(huge.body.error.code).toBe('VALIDATION_FAILED');
    expect(walletBalance(await m.balances(), 'MAIN')).toBe(MAX_AMOUNT_PER_CALL + 1);
    expect(await vendorBalance(m.memberId)).toBe(0);
  });

  it('gives the money back when the vendor refuses', async () => {
    const m = await fundedMember(10_000);
    await control({ refuse: true });
    const refused = await m.transfer({ direction: 'IN', vassalage: vendorCode, amount: 3_000 }, 'refused');
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('VENDOR_TRANSFER_FAILED');
    const b = await m.balances();
    expect(walletBalance(b, 'MAIN')).toBe(10_000);
    expect(walletBalance(b, vendorCode)).toBe(0);
  });

  it('leaves a timed-out transfer pending, and the job settles it with what the vendor did', async () => {
    const m = await fundedMember(10_000);
    await control({ delayMs: 1_000 });
    const slow = await m.transfer({ direction: 'IN', vassalage: vendorCode, amount: 7_000 }, 'slow');
    expect(slow.status).toBe(200);
    expect(slow.body.value.pending).toBe(true);
    // In transit: out of main, not yet in the vendor wallet; no money created or lost.
    expect(walletBalance(slow.body.value.balances, 'MAIN')).toBe(3_000);
    expect(walletBalance(slow.body.value.balances, vendorCode)).toBe(0);
    expect((await checkInvariants(server.db)).ok).toBe(true);

    // Too young for the job: left alone while its request might still be waiting. The job sleeps
    // until it is a minute old (decision 0062).
    expect((await reconcileVendorTransfers(server.db)).settled).toBe(0);
    const due = (await nextVendorReconcile(server.db))!.getTime();
    expect(due).toBeGreaterThan(Date.now() + 40_000);
    expect(due).toBeLessThanOrEqual(Date.now() + 60_000);
    const later = new Date(Date.now() + 120_000);
    expect(await reconcileVendorTransfers(server.db, later)).toMatchObject({ settled: 1 });
    expect(walletBalance(await m.balances(), vendorCode)).toBe(7_000);
    expect(await vendorBalance(m.memberId)).toBe(7_000);
    // Settled once: a second pass has nothing to do.
    expect(await reconcileVendorTransfers(server.db, later)).toEqual({
      settled: 0,
      failed: 0,
      unresolved: 0,
    });
  });

  it('resolves a retried transfer that timed out by asking the vendor first, never by sending it again', async () => {
    const m = await fundedMember(10_000);
    const api = (await findWalletApi(server.db, demoId, vendorCode))!;
    const input = {
      merchantId: demoId,
      memberId: m.memberId,
      player: `DEMO_${m.memberId}`,
      vendorCode,
      direction: 'IN' as const,
      amount: 4_000,
      idempotencyKey: `retry-${m.memberId}`,
    };
    await control({ delayMs: 1_000 });
    expect((await transferWithVendor(server.db, api, input)).status).toBe('PENDING');
    await control({});
    const before = (await (await fetch(`${vendorUrl}/calls`)).json()) as { transfer: number; status: number };
    expect((await transferWithVendor(server.db, api, input)).status).toBe('DONE');
    const after = (await (await fetch(`${vendorUrl}/calls`)).json()) as { transfer: number; status: number };
    expect(after.transfer).toBe(before.transfer);
    expect(after.status).toBe(before.status + 1);
    expect(walletBalance(await m.balances(), vendorCode)).toBe(4_000);
    expect(await vendorBalance(m.memberId)).toBe(4_000);
  });

  it('gives the money back when the vendor never received a timed-out transfer', async () => {
    const m = await fundedMember(10_000);
    await control({ drop: true });
    const lost = await m.transfer({ direction: 'IN', vassalage: vendorCode, amount: 2_500 }, 'lost');
    expect(lost.body.value.pending).toBe(true);
    await control({ delayMs: 0, drop: false });
    const later = new Date(Date.now() + 120_000);
    expect(await reconcileVendorTransfers(server.db, later)).toMatchObject({ failed: 1 });
    const b = await m.balances();
    expect(walletBalance(b, 'MAIN')).toBe(10_000);
    expect(walletBalance(b, vendorCode)).toBe(0);
  });

  it('keeps a transfer pending while the vendor cannot be asked, and settles it when it can', async () => {
    const m = await fundedMember(10_000);
    await control({ delayMs: 1_000 });
    const slow = await m.transfer({ direction: 'IN', vassalage: vendorCode, amount: 1_000 }, 'unreachable');
    expect(slow.body.value.pending).toBe(true);
    await setWalletApi(server.db, demoId, vendorCode, { baseUrl: 'http://127.0.0.1:9', timeoutMs: 300 });
    const later = new Date(Date.now() + 120_000);
    expect((await reconcileVendorTransfers(server.db, later)).unresolved).toBeGreaterThan(0);
    expect(walletBalance(await m.balances(), 'MAIN')).toBe(9_000);
    await setWalletApi(server.db, demoId, vendorCode, { baseUrl: vendorUrl, timeoutMs: 300 });
    expect(await reconcileVendorTransfers(server.db, later)).toMatchObject({ settled: 1 });
    expect(walletBalance(await m.balances(), vendorCode)).toBe(1_000);
  });
});
