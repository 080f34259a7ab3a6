import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Secrets } from '../../platform/secrets.js';
import { insertBareMember } from '../../test/brands.js';
import { checkAndClose, startTestServer, type TestServer } from '../../test/server.js';
import * as merchants from '../merchants/service.js';
import { authenticate, authenticateForRules, createSession } from './sessions.js';
import { getAuthSettings } from './settings.js';

/**
 * The sliding renewal of a session: a call a minute or more after its last touch renews it (last
 * seen now, expiry now plus the idle minutes, never past the absolute expiry); a call sooner does not
 * write. Decision 0097 compares the texts of the instants where it parsed them: the same minute.
 */
describe('session renewal', () => {
  let server: TestServer;
  const secrets = { sessionSecret: 'renewal-test-secret-of-32-chars!' } as Secrets;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => checkAndClose(server));

  it('renews a minute after the last touch, not a millisecond sooner, both ways of reading', async () => {
    const merchantId = (await merchants.getMerchantByCode(server.db, 'DEMO')).id;
    const settings = () => getAuthSettings(server.db, merchantId);
    for (const [name, read] of [
      ['renewa', authenticate],
      ['renewb', authenticateForRules],
    ] as const) {
      const memberId = await insertBareMember(server.db, merchantId, name, `${name}ref`);
      const t0 = Date.UTC(2030, 0, 1, 10, 0, 0, 250);
      const token = await createSession(
        server.db,
        secrets,
        {
          merchantId,
          memberId,
          site: 'MEMBER',
          method: 'PASSWORD',
          ip: '127.0.0.1',
          userAgent: undefined,
          settings: await settings(),
        },
        new Date(t0),
      );
      const stored = () =>
        server.db
          .selectFrom('member_session')
          .select(['last_seen_at', 'expires_at', 'absolute_expires_at'])
          .where('member_id', '=', memberId)
          .executeTakeFirstOrThrow();
      const before = await stored();
      expect(before.last_seen_at).toBe(new Date(t0).toISOString());
      const at = (ms: number) => read(server.db, secrets, merchantId, token, settings, { now: new Date(ms) });

      await at(t0 + 59_999);
      expect(await stored()).toEqual(before);
      await at(t0 + 60_000);
      const idle = (await settings()).sessionIdleMinutes * 60_000;
      expect(await stored()).toEqual({
        ...before,
        last_seen_at: new Date(t0 + 60_000).toISOString(),
        expires_at: new Date(
          Math.min(t0 + 60_000 + idle, Date.parse(before.absolute_expires_at)),
        ).toISOString(),
      });
      const renewed = await stored();
      await at(t0 + 119_999);
      expect(await stored()).toEqual(renewed);
      // Past its expiry: refused, whatever the text's second.
      await expect(at(Date.parse(renewed.expires_at))).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
    }
  });
});
