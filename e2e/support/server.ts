import { spawn, type ChildProcess } from 'node:child_process';
import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createInterface } from 'node:readline';
import Database from 'better-sqlite3';
import { inject } from 'vitest';

export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const READY_TIMEOUT_MS = 30_000;

/** What the browser tests' global setup (support/global-setup.ts) hands every test file. */
export type E2eTemplate = {
  /** A SQLite file migrated and seeded with the demo brand by a server on TEMPLATE_PORT. */
  database: string;
  /** One payload RSA key for every server, since generating one costs 0.5-2 s. */
  payloadPrivateKey: string;
};
/** The port the template was seeded under: its demo domains' origins end in it. */
export const TEMPLATE_PORT = 9;

/**
 * A copy of the template whose demo loopback domains publish `port`, as a server seeding on that
 * port would write them (seedDemo's demoDomains).
 */
const copyTemplate = async (template: string, file: string, port: number) => {
  await copyFile(template, file);
  const db = new Database(file);
  try {
    const suffix = `:${TEMPLATE_PORT}`;
    db.prepare(
      'update merchant_domain set origin = substr(origin, 1, length(origin) - ?) || ? where origin like ?',
    ).run(suffix.length, `:${port}`, `%${suffix}`);
  } finally {
    db.close();
  }
};

export type TestServer = {
  baseUrl: string;
  /** The game studio started beside the server (apps/studio), on a port of its own. */
  studioUrl: string;
  /** The server's DATA_DIR: its SQLite database (site.db) and secrets. */
  dataDir: string;
  /**
   * Runs the operator CLI (`jade ...`) against this server's database; resolves with its stdout.
   * `env` adds variables for this one run (the new operator's JADE_OPERATOR_PASSWORD).
   */
  runCli: (args: string[], options?: { env?: Record<string, string> }) => Promise<string>;
  /**
   * The SMS and email the default providers wrote to `destination`, newest first, one
   * `<time>\t<channel>\t<destination>\t<body>` line each as `jade outbox list --to` prints them
   * ('outbox is empty' when none), read straight from the database: a test polling for a code
   * would otherwise start a CLI process (1-3 s on a busy machine) on every poll.
   */
  outbox: (destination: string, limit?: number) => string;
  stop: () => Promise<void>;
};

/** Starts the built server (apps/server/dist) on a free port with its own temporary database. */
export async function startServer(): Promise<TestServer> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'jade-e2e-'));
  const port = await freePort();
  const studioPort = await freePort();
  const studioUrl = `http://127.0.0.1:${studioPort}`;
  const template = inject('e2eTemplate') as E2eTemplate | undefined;
  if (template) await copyTemplate(template.database, path.join(dataDir, 'site.db'), port);
  const env = {
    ...process.env,
    ...(template && { PAYLOAD_PRIVATE_KEY: template.payloadPrivateKey }),
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: `sqlite:${path.join(dataDir, 'site.db')}`,
    LOG_LEVEL: 'warn',
    STUDIO_PORT: String(studioPort),
    STUDIO_PUBLIC_URL: studioUrl,
  };
  const baseUrl = `http://127.0.0.1:${port}`;

  const child = spawn(process.execPath, ['apps/server/dist/main.js'], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-8_000);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);

  let cli: Promise<CliWorker> | undefined;
  const stop = async () => {
    const worker = cli;
    cli = undefined;
    await Promise.all([stopChild(child), worker?.then((w) => w.stop()).catch(() => undefined)]);
    await rm(dataDir, { recursive: true, force: true });
  };

  try {
    await waitUntilHealthy(`${baseUrl}/healthz`, child);
    // The game studio starts beside the server: a test may open a game at once.
    await waitUntilHealthy(`${studioUrl}/healthz`, child);
  } catch (error) {
    await stop();
    throw new Error(`${(error as Error).message}\n--- server output ---\n${output}`, { cause: error });
  }

  // One CLI process for the server's life (support/cli-worker.mjs), started at the first command.
  const runCli = async (args: string[], options: { env?: Record<string, string> } = {}): Promise<string> => {
    cli ??= startCliWorker(env);
    try {
      return await (await cli).run(args, options.env ?? {});
    } catch (error) {
      throw new Error(`jade ${args.join(' ')} failed:\n${(error as Error).message}`, { cause: error });
    }
  };

  const outbox = (destination: string, limit = 20): string => {
    const db = new Database(path.join(dataDir, 'site.db'), { fileMustExist: true });
    try {
      db.pragma('busy_timeout = 10000');
      const rows = db
        .prepare(
          'select created_at, channel, destination, body from outbox where destination = ? order by id desc limit ?',
        )
        .all(destination, limit) as {
        created_at: string;
        channel: string;
        destination: string;
        body: string;
      }[];
      if (rows.length === 0) return 'outbox is empty\n';
      return rows
        .map((row) => `${row.created_at}\t${row.channel}\t${row.destination}\t${row.body}\n`)
        .join('');
    } finally {
      db.close();
    }
  };

  return { baseUrl, studioUrl, dataDir, runCli, outbox, stop };
}

type CliWorker = {
  run: (args: string[], env: Record<string, string>) => Promise<string>;
  stop: () => Promise<void>;
};

const CLI_TIMEOUT_MS = 30_000;

/** Starts support/cli-worker.mjs with the server's environment; resolves once it is ready. */
async function startCliWorker(env: NodeJS.ProcessEnv): Promise<CliWorker> {
  const child = spawn(process.execPath, [path.join(repoRoot, 'e2e/support/cli-worker.mjs')], {
    cwd: repoRoot,
    env,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    errors = (errors + chunk.toString()).slice(-4_000);
  });
  type Reply = { cli?: true; ready?: true; id?: number; ok?: boolean; stdout?: string; message?: string };
  const waiting = new Map<number, (reply: Reply) => void>();
  let ready: () => void = () => undefined;
  const isReady = new Promise<void>((resolve) => (ready = resolve));
  let failed: ((error: Error) => void)[] = [];
  const exited = new Promise<Error>((resolve) =>
    child.once('exit', (code, signal) =>
      resolve(new Error(`the CLI exited (${code ?? signal}):\n${errors}`)),
    ),
  );
  void exited.then((error) => {
    for (const fail of failed) fail(error);
    failed = [];
  });
  createInterface({ input: child.stdout! }).on('line', (line) => {
    let reply: Reply;
    try {
      reply = JSON.parse(line) as Reply;
    } catch {
      return; // a log line
    }
    if (!reply.cli) return;
    if (reply.ready) ready();
    else if (reply.id !== undefined) waiting.get(reply.id)?.(reply);
  });
  await Promise.race([isReady, exited.then((error) => Promise.reject(error))]);

  let next = 0;
  const run = (args: string[], extra: Record<string, string>) =>
    new Promise<string>((resolve, reject) => {
      const id = ++next;
      const timer = setTimeout(
        () => reject(new Error(`no answer within ${CLI_TIMEOUT_MS} ms`)),
        CLI_TIMEOUT_MS,
      );
      failed.push(reject);
      waiting.set(id, (reply) => {
        clearTimeout(timer);
        waiting.delete(id);
        if (reply.ok) resolve(reply.stdout ?? '');
        else reject(new Error(reply.message ?? 'failed'));
      });
      child.stdin!.write(`${JSON.stringify({ id, args, env: extra })}\n`);
    });
  const stop = async () => {
    child.stdin!.end();
    await stopChild(child);
  };
  return { run, stop };
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => (port ? resolve(port) : reject(new Error('no free port'))));
    });
  });
}

async function waitUntilHealthy(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`server exited with code ${child.exitCode} before it was ready`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      if (response.status === 200) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`server did not answer 200 on ${url} within ${READY_TIMEOUT_MS} ms`);
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
  await exited;
  clearTimeout(timer);
}
