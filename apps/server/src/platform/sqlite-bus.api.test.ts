import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { runCommand } from '../cli/commands.js';
import { fundedMember } from '../test/funded-member.js';
import { startTestServer, type TestServer } from '../test/server.js';
import { readStream } from '../test/sse.js';
import * as merchants from '../modules/merchants/service.js';
import { openDb, sqliteHandleOf, type DbHandle } from './db/index.js';
import { SQLITE_LOOK_MS } from './instance-bus.js';

/**
 * Decision 0069: on SQLite a CLI command runs in a process of its own, beside the server, and what it
 * changes for a member still reaches the member's open stream: the CLI leaves its messages in
 * `bus_outbox`, and the server, while a stream is open, reads them when another connection committed.
 * The CLI here is a second handle on the same file with its own connection and bus (as
 * `npm run jade` opens it), run through the CLI's own command parser.
 */
const CAPTCHA = 'sq1b';
const sqlite = !process.env.TEST_POSTGRES_URL;

describe.skipIf(!sqlite)('the CLI tells a SQLite server what it changed', () => {
  let server: TestServer;
  let cli: DbHandle;
  let demoId: number;

  beforeAll(async () => {
    server = await startTestServer({}, { captchaText: () => CAPTCHA });
    demoId = (await merchants.getMerchantByCode(server.db, 'DEMO')).id;
    await merchants.setFlag(server.db, demoId, 'REGMOBVERF3', false);
    cli = openDb(server.databaseUrl, { tellsServer: true });
  });
  afterAll(async () => {
    await cli?.close();
    await server?.close();
  });

  const jade = (...argv: string[]) => runCommand(argv, cli.db, () => undefined);

  it("a personal message sent with `jade message personal` reaches the member's open stream", async () => {
    const member = await fundedMember(server, demoId, 0, { prefix: 'sqbus', captcha: CAPTCHA });
    const response = await server.fetch('/wps/member/events', {
      headers: { authorization: `Bearer ${member.token}` },
    });
    expect(response.status).toBe(200);
    const stream = readStream(response);
    try {
      await jade(
        'message',
        'personal',
        member.username,
        'From the desk',
        '--message',
        'Your limit was raised.',
      );
      // Heard at the server's next look, a second at most.
      const unread = await stream.waitFor((event) => event.type === 'unread', SQLITE_LOOK_MS * 3);
      expect(unread.count).toBe(1);
    } finally {
      await stream.close();
    }
  });

  it('a message told while no stream is open is not replayed to a stream opened later', async () => {
    const member = await fundedMember(server, demoId, 0, { prefix: 'sqold', captcha: CAPTCHA });
    await jade('message', 'personal', member.username, 'Earlier', '--message', 'Sent before the stream.');
    const response = await server.fetch('/wps/member/events', {
      headers: { authorization: `Bearer ${member.token}` },
    });
    const stream = readStream(response);
    try {
      await jade('message', 'personal', member.username, 'Later', '--message', 'Sent while it is open.');
      const unread = await stream.waitFor((event) => event.type === 'unread', SQLITE_LOOK_MS * 3);
      // The count is the inbox's, read when told: both messages; and told once, for the second.
      expect(unread.count).toBe(2);
      await new Promise((resolve) => setTimeout(resolve, SQLITE_LOOK_MS * 1.5));
      expect(stream.events.filter((event) => event.type === 'unread')).toHaveLength(1);
    } finally {
      await stream.close();
    }
  });

  it('an idle server with a member stream and a lobby open looks at the file once a second, for both', async () => {
    const member = await fundedMember(server, demoId, 0, { prefix: 'sqlook', captcha: CAPTCHA });
    // Repeating timers are the test's to advance: ten seconds of them, counted look by look.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const statement = Object.getPrototypeOf(sqliteHandleOf(server.db)!.prepare('select 1')) as {
      get: (this: { source: string }, ...args: unknown[]) => unknown;
    };
    const get = statement.get;
    const streams: ReturnType<typeof readStream>[] = [];
    try {
      const inbox = await server.fetch('/wps/member/events', {
        headers: { authorization: `Bearer ${member.token}` },
      });
      expect(inbox.status).toBe(200);
      streams.push(readStream(inbox));
      // A daily game: nothing of its own is due while the timers run.
      const lobby = readStream(await server.fetch('/lotto/lgw/games/events?gameCode=VN_HN'));
      streams.push(lobby);
      await lobby.waitFor((event) => event.type === 'state', 5_000);
      let looks = 0;
      statement.get = function (...args) {
        if (/data_version/i.test(this.source)) looks++;
        return get.apply(this, args);
      };
      await vi.advanceTimersByTimeAsync(SQLITE_LOOK_MS * 10);
      expect(looks).toBe(10);
    } finally {
      statement.get = get;
      vi.useRealTimers();
      for (const stream of streams) await stream.close();
    }
  });
});
