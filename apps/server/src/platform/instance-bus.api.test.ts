import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../test/client.js';
import { fundedMember } from '../test/funded-member.js';
import { startInstancesApart, type InstancesApart } from '../test/instances-apart.js';
import { startInstance, startTestServer, type TestServer } from '../test/server.js';
import { readStream } from '../test/sse.js';
import * as merchants from '../modules/merchants/service.js';
import type { runLotteryTick } from '../modules/lottery/tick.js';
import type { busOfHandle } from './instance-bus.js';

/**
 * Issue 23 item 3 (decision 0057): every live stream is delivered whichever instance the client is
 * connected to, a session revoked on one instance ends its streams on all at once, and an idle
 * instance asks the database nothing for its lobbies. On PostgreSQL (LISTEN/NOTIFY) and, when
 * TEST_REDIS_URL is set, over Redis pub/sub.
 *
 * The second instance is as apart from the first as another process: it runs on its own copy of
 * every server module (`vi.resetModules`), so nothing reaches it through a module's state in this
 * process, only through the database or Redis.
 */
const postgres = process.env.TEST_POSTGRES_URL;
const redis = process.env.TEST_REDIS_URL;
const CAPTCHA = 'bu5s';
const LOBBY_GAME = 'FAST_4D_1M';
/** The second instance's connections' name: its statements are told from other files' in the log. */
const APART = 'jade-bus-apart';

/** What the second instances run besides the server, from their own modules. */
const loadApart = async () => {
  const { runLotteryTick } = await import('../modules/lottery/tick.js');
  const { busOfHandle } = await import('./instance-bus.js');
  return { runLotteryTick, busOfHandle };
};

/** The file's one database and its first server (PostgreSQL's bus); Redis's first instance joins it. */
let base: Promise<{ server: TestServer; demoId: number }> | undefined;
const baseServer = () =>
  (base ??= (async () => {
    const server = await startTestServer({ TRUSTED_PROXIES: '127.0.0.1' }, { captchaText: () => CAPTCHA });
    const demoId = (await merchants.getMerchantByCode(server.db, 'DEMO')).id;
    await merchants.setFlag(server.db, demoId, 'REGMOBVERF3', false);
    return { server, demoId };
  })());
afterAll(async () => {
  if (base) await (await base).server.close();
});

const transports = [
  { name: 'PostgreSQL LISTEN/NOTIFY', env: {} as Record<string, string>, skip: !postgres },
  { name: 'Redis pub/sub', env: { REDIS_URL: redis ?? '' }, skip: !postgres || !redis },
];

describe.each(transports)('instances share streams and revocations over $name', ({ env, skip }) => {
  /** Where members register (the base server), and the first instance of this transport. */
  let registry: TestServer;
  let first: TestServer;
  /** The second instance, on its own modules; its connections log their statements. */
  let instances: InstancesApart<Awaited<ReturnType<typeof loadApart>>>;
  let second: TestServer;
  /** The second instance's lottery job, from its own modules. */
  let secondTick: typeof runLotteryTick;
  /** The second instance's bus, from its own modules. */
  let secondBus: ReturnType<typeof busOfHandle>;
  let demoId: number;

  beforeAll(async () => {
    if (skip) return;
    ({ server: registry, demoId } = await baseServer());
    first = 'REDIS_URL' in env ? await startInstance(registry, { env }) : registry;
    instances = await startInstancesApart({ applicationName: APART, first, secondEnv: env, loadApart });
    second = instances.second;
    secondTick = instances.modules.runLotteryTick;
    secondBus = instances.modules.busOfHandle(second.db);
  });
  afterAll(async () => {
    await instances?.close();
    if (first !== registry) await first?.close();
  });

  const memberStream = async (server: TestServer, token: string) => {
    const response = await server.fetch('/wps/member/events', {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.status).toBe(200);
    return readStream(response);
  };
  const lobby = async (server: TestServer, gameCode: string) => {
    const response = await server.fetch(`/lotto/lgw/games/events?gameCode=${gameCode}`);
    expect(response.status).toBe(200);
    const stream = readStream(response);
    await stream.waitFor((event) => event.type === 'state', 5_000);
    return stream;
  };

  it.skipIf(skip)(
    'a stream client on the first instance sees a draw result and a balance change made through the second within a second',
    async () => {
      const member = await fundedMember(registry, demoId, 10_000, { prefix: 'busa', captcha: CAPTCHA });
      // The fast game's draw taking bets, made by the job now (between two draws there is none).
      await secondTick(second.db, first.serverSecret);
      let draws = await lobby(first, LOBBY_GAME);
      for (let tries = 0; !draws.events[0]!.open && tries < 3; tries++) {
        await draws.close();
        await secondTick(second.db, first.serverSecret);
        draws = await lobby(first, LOBBY_GAME);
      }
      const open = draws.events[0]!.open as { numero: string; drawsAt: string };
      const money = await memberStream(first, member.token);

      // The second instance's lottery job draws the open draw (its time come).
      await secondTick(second.db, first.serverSecret, new Date(Date.parse(open.drawsAt) + 1_000));
      const drawn = await draws.waitFor(
        (event) => (event.latest as { numero?: string } | null)?.numero === open.numero,
      );
      expect(['DRAWN', 'SETTLED']).toContain((drawn.latest as { status: string }).status);

      const vendor = (await member.balances()).wallets[1]!.wallet;
      const moved = await createClient(second).call('POST', '/wps/relay/GCS_walletTransfer', {
        token: member.token,
        body: { direction: 'IN', vassalage: vendor, amount: 100 },
        headers: { 'idempotency-key': 'bus-transfer' },
      });
      expect(moved.status, JSON.stringify(moved.body)).toBe(200);
      await money.waitFor((event) => event.type === 'balance');
      // Told once on this instance, though the message came back through the transport.
      await createClient(first).call('GET', '/healthz');
      expect(money.events.filter((event) => event.type === 'balance')).toHaveLength(1);
      await Promise.all([draws.close(), money.close()]);
    },
  );

  it.skipIf(skip)('a logout on the first instance ends the stream on the second at once', async () => {
    const member = await fundedMember(registry, demoId, 0, { prefix: 'busl', captcha: CAPTCHA });
    const stream = await memberStream(second, member.token);
    const logout = await createClient(first).call('DELETE', '/wps/session/logout', { token: member.token });
    expect(logout.status).toBe(200);
    // Not at the next heartbeat, 15 s later: now.
    await stream.ended();
    const refused = await createClient(second).call('GET', '/wps/v2/wallets/balance', {
      token: member.token,
    });
    expect(refused.body.error?.code).toBe('UNAUTHENTICATED');
  });

  it.skipIf(skip || 'REDIS_URL' in env)(
    "a settlement batch's messages, published in one tick, go to the database in one statement and each is heard, in order",
    async () => {
      const member = await fundedMember(registry, demoId, 0, { prefix: 'busm', captcha: CAPTCHA });
      const stream = await memberStream(first, member.token);
      const told = Array.from({ length: 50 }, (_, i) => i + 1);
      const logged = await instances.statementsOfSecond(async () => {
        // As a batch's commit tells its bettors: one message after another, in the same tick.
        for (const id of told)
          secondBus.publish('member', {
            merchantId: demoId,
            memberId: member.memberId,
            event: {
              type: 'bet-settled',
              kind: 'LOTTERY',
              id,
              game: LOBBY_GAME,
              bets: 1,
              result: 'LOSE',
              payout: 0,
            },
          });
        await stream.waitFor((event) => event.type === 'bet-settled' && event.id === told.at(-1));
      });
      const notifies = logged.filter((line) => line.includes('pg_notify'));
      expect(notifies, notifies.join('\n')).toHaveLength(1);
      expect(stream.events.filter((event) => event.type === 'bet-settled').map((event) => event.id)).toEqual(
        told,
      );
      await stream.close();
    },
  );

  it.skipIf(skip || 'REDIS_URL' in env)(
    'an idle instance with lobbies open asks the database nothing for them',
    async () => {
      // A daily game: its draw closes once a day, so nothing is due while this waits.
      const draws = await lobby(second, 'VN_HN');
      // Longer than the one-second poll of before: an instance that polls is caught at least once.
      // The log is the cluster's: only this instance's connections (by process id) are counted.
      const statements = await instances.statementsOfSecond(
        () => new Promise((resolve) => setTimeout(resolve, 1_300)),
      );
      expect(statements, statements.join('\n')).toEqual([]);
      await draws.close();
    },
  );
});
