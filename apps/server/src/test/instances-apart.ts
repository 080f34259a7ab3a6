import { vi } from 'vitest';
import { startTestServer, type startInstance, type TestServer } from './server.js';
import {
  loggedDatabaseUrl,
  openStatementLog,
  statementsOfApplication,
  type StatementLog,
} from './statement-log.js';

/**
 * Two server instances on one PostgreSQL database, as behind a load balancer (issue 23): `first` on
 * this file's modules, and `second` as apart from it as another process. The second runs on its own
 * copy of every server module (`vi.resetModules`), so nothing reaches it through a module's state in
 * this process, only through the database or Redis; its connections log every statement they run
 * under `applicationName`, and `statementsOfSecond` counts them in the cluster's log.
 *
 * `first` is started here (with `env` and `options`) unless the file passes its own, which it then
 * closes itself. `setUp` runs once the first is up and before the second starts (a fixture both
 * share, or timers faked for the second). `loadApart` imports what else the file needs from the
 * second's modules (its jobs, its bus): it runs after `vi.resetModules`, so its imports are the second's.
 */
export const startInstancesApart = async <Apart = undefined>({
  applicationName,
  first: given,
  env = {},
  options,
  secondEnv = {},
  setUp,
  loadApart,
}: {
  applicationName: string;
  first?: TestServer;
  env?: Record<string, string>;
  options?: Parameters<typeof startTestServer>[1];
  secondEnv?: Record<string, string>;
  setUp?: (first: TestServer) => Promise<unknown> | void;
  loadApart?: () => Promise<Apart>;
}) => {
  const postgres = process.env.TEST_POSTGRES_URL;
  if (!postgres) throw new Error('instances apart need TEST_POSTGRES_URL');
  const first = given ?? (await startTestServer(env, options));
  let second: TestServer | undefined;
  let log: StatementLog | undefined;
  const close = async () => {
    await log?.close();
    await second?.close();
    if (!given) await first.close();
  };
  try {
    await setUp?.(first);
    vi.resetModules();
    const apart = (await import('./server.js')) as {
      startInstance: typeof startInstance;
    };
    const modules = (await loadApart?.()) as Apart;
    second = await apart.startInstance(first, {
      databaseUrl: loggedDatabaseUrl(first.databaseUrl, applicationName),
      env: secondEnv,
    });
    log = await openStatementLog(postgres);
    const opened = log;
    return {
      first,
      second,
      /** The second instance's modules that `loadApart` imported. */
      modules,
      log: opened,
      /** The statements the second instance's own connections sent while `call` ran. */
      statementsOfSecond: (call: () => Promise<unknown>) =>
        statementsOfApplication(opened, first.databaseUrl, applicationName, call),
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
};
export type InstancesApart<Apart = undefined> = Awaited<ReturnType<typeof startInstancesApart<Apart>>>;
