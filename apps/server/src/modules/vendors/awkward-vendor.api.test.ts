import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vendorTarget } from '../../test/seamless-vendor.js';
import { checkAndClose, startTestServer, type TestServer } from '../../test/server.js';
import { walletConformance } from '../../test/wallet-conformance.js';
import * as merchants from '../merchants/service.js';

/**
 * The conformance kit against the deliberately awkward vendor: a separate process
 * (scripts/dev-vendor.mjs, its relay) that sends every signed callback twice at once and a third time
 * after the first answer, as a vendor does that retries on a lost answer. Every case must come out as
 * if each call had been sent once, and the three answers to one call must agree.
 */
const CAPTCHA = 'awk1';
const SESSION_SECRET = randomBytes(32).toString('hex');
const SECRET = randomBytes(32).toString('base64url');
let server: TestServer;
let demo: Awaited<ReturnType<typeof merchants.getMerchantByCode>>;
let vendor: ChildProcess;
let vendorUrl: string;

beforeAll(async () => {
  server = await startTestServer(
    { SESSION_SECRET, TRUSTED_PROXIES: '127.0.0.1' },
    { captchaText: () => CAPTCHA },
  );
  demo = await merchants.getMerchantByCode(server.db, 'DEMO');
  await merchants.setFlag(server.db, demo.id, 'REGMOBVERF3', false);
  const script = path.resolve(import.meta.dirname, '../../../../../scripts/dev-vendor.mjs');
  vendor = spawn(process.execPath, [script], { stdio: ['ignore', 'pipe', 'inherit'] });
  const [line] = (await once(vendor.stdout!, 'data')) as [Buffer];
  vendorUrl = `http://127.0.0.1:${/listening (\d+)/.exec(line.toString())![1]}`;
});

afterAll(async () => {
  const calls = (await (await fetch(`${vendorUrl}/calls`)).json()) as {
    relayed: number;
    disagreements: number;
  };
  const disagreements = await (await fetch(`${vendorUrl}/disagreements`)).json();
  vendor.kill('SIGTERM');
  expect(disagreements).toEqual([]);
  expect(calls.relayed).toBeGreaterThan(50);
  expect(calls.disagreements).toBe(0);
  await checkAndClose(server);
});

describe('seamless wallet conformance: an awkward vendor that sends every callback three times', () => {
  walletConformance(
    vendorTarget(
      { server: () => server, merchant: () => demo, sessionSecret: SESSION_SECRET, captcha: CAPTCHA },
      {
        vendorCode: 'NEON_SPIN',
        gameId: 'NEON-conformance',
        algorithm: 'HMAC-SHA256',
        signingKey: SECRET,
        platformKey: SECRET,
        send: async (url, request) => {
          const relayed = await fetch(`${vendorUrl}/relay`, {
            method: 'POST',
            body: JSON.stringify({ url, ...request }),
          });
          return (await relayed.json()) as { status: number; body: Record<string, unknown> };
        },
      },
    ),
  );

  it('has sent every call through the relay', async () => {
    const calls = (await (await fetch(`${vendorUrl}/calls`)).json()) as { relayed: number };
    expect(calls.relayed).toBeGreaterThan(0);
  });
});
