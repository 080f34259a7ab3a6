// `npm run cluster`: the scaled setup on one machine (issue 23 item 3, decision 0058). PostgreSQL
// (durable, as an operator runs it), Redis, and several instances of the built server
// (apps/server/dist/main.js) on free loopback ports, all on the same database, Redis, data folder and
// keys, behind a round-robin balancer built on the `http-proxy` package. Every answer names the
// instance that served it (x-jade-instance). The multi-instance test and bench/scale use
// `startCluster` on a database of their own.
//   npm run cluster [-- --instances 3] [-- --port 8080]
import { spawn } from 'node:child_process';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import httpProxy from 'http-proxy';
import pg from 'pg';
import { findPostgresBin, freePort, startPostgres } from './postgres.mjs';
import { startRedis } from './redis.mjs';
import { serveFlags } from './served-server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const serverMain = path.join(root, 'apps/server/dist/main.js');

/** Resolves once GET /healthz answers 200; rejects when the process exits first or after a minute. */
const waitHealthy = async (url, child) => {
  for (let i = 0; ; i++) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(
        `the instance at ${url} exited (${child.exitCode ?? child.signalCode}) before it answered`,
      );
    try {
      if ((await fetch(`${url}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    if (i > 1_200) throw new Error(`the instance at ${url} did not answer /healthz within a minute`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

/** Copies a child's output line by line, each line prefixed with the instance's name. */
const prefixLines = (stream, name, out) => {
  let rest = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk) => {
    const lines = (rest + chunk).split('\n');
    rest = lines.pop();
    for (const line of lines) out.write(`[${name}] ${line}\n`);
  });
};

/**
 * A round-robin balancer over `backends` (their URLs) on `host:port`. It only forwards, as a real one
 * would: answers and streams (Server-Sent Events, WebSocket upgrades) pass through unbuffered, and
 * X-Forwarded-For gets the client's address appended (http-proxy's xfwd), so an instance that
 * trusts the balancer's address (TRUSTED_PROXIES) sees the client's, and a remote client cannot name
 * another. An instance that fails a request is taken out of the rotation until its /healthz answers
 * again; the requests it had in flight answer 502 (a client repeats them with the same idempotency
 * key).
 */
export const startBalancer = async (backends, { host = '127.0.0.1', port = 0 } = {}) => {
  const pool = backends.map((url) => ({ url, up: true, probing: false }));
  // Connections to the instances are kept open and reused, as a real balancer's upstream pool
  // (nginx's `keepalive`, HAProxy's default). Without an agent http-proxy asks each instance to close
  // its connection after every answer and passes that `connection: close` on to the client, so every
  // request paid two TCP handshakes and clients reconnected for each call.
  const agent = new http.Agent({ keepAlive: true });
  const proxy = httpProxy.createProxyServer({ xfwd: true, ws: true, agent });
  let next = 0;
  const pick = () => {
    for (let i = 0; i < pool.length; i++) {
      const backend = pool[next++ % pool.length];
      if (backend.up) return backend;
    }
    return undefined;
  };
  const probe = (backend) => {
    if (backend.probing) return;
    backend.probing = true;
    const again = async () => {
      try {
        if ((await fetch(`${backend.url}/healthz`)).ok) {
          backend.up = true;
          backend.probing = false;
          return;
        }
      } catch {
        // still down
      }
      if (!closed) setTimeout(again, 500).unref();
    };
    setTimeout(again, 500).unref();
  };
  const markDown = (backend) => {
    backend.up = false;
    probe(backend);
  };
  const unavailable = (res) => {
    if (!res.headersSent && typeof res.writeHead === 'function') {
      res.writeHead(502, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({ success: false, error: { code: 'BAD_GATEWAY', message: 'No instance answered' } }),
      );
    } else {
      res.destroy?.();
    }
  };
  const server = http.createServer((req, res) => {
    const backend = pick();
    if (!backend) return unavailable(res);
    proxy.web(req, res, { target: backend.url }, () => {
      markDown(backend);
      unavailable(res);
    });
  });
  server.on('upgrade', (req, socket, head) => {
    const backend = pick();
    if (!backend) return socket.destroy();
    proxy.ws(req, socket, head, { target: backend.url }, () => {
      markDown(backend);
      socket.destroy();
    });
  });
  let closed = false;
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  const { port: bound } = server.address();
  return {
    url: `http://${host}:${bound}`,
    /** The backends in the rotation now. */
    up: () => pool.filter((b) => b.up).map((b) => b.url),
    close: async () => {
      closed = true;
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      proxy.close();
      agent.destroy();
    },
  };
};

/**
 * The balancer in a process of its own (this script with --backends), so a load generator running in
 * the caller's process does not share the balancer's event loop (bench/scale).
 */
export const spawnBalancer = async (backends, { host = '127.0.0.1', port } = {}) => {
  const bound = port || (await freePort());
  const child = spawn(
    process.execPath,
    [
      fileURLToPath(import.meta.url),
      '--backends',
      backends.join(','),
      '--port',
      String(bound),
      '--host',
      host,
    ],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const url = `http://${host}:${bound}`;
  await waitHealthy(url, child);
  return {
    url,
    pid: child.pid,
    up: () => backends,
    close: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      await exited;
    },
  };
};

/** Creates database `name` on the cluster of the superuser URL `serverUrl`; answers its URL. */
const createDatabase = async (serverUrl, name) => {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
};

/**
 * Starts the cluster; answers the balancer's URL, the instances (each with its name, URL, process and
 * `stop`), the database and Redis URLs, and `stop`, which ends everything it started.
 *
 * - `databaseUrl`: an existing PostgreSQL database; by default a durable throwaway cluster is started
 *   and a `jade` database made on it. `prepared`: that database is migrated and seeded already, so
 *   every instance starts at once; otherwise the first instance migrates and seeds the demo alone,
 *   then the others start.
 * - `redisUrl`: an existing Redis; by default a throwaway one.
 * - `env`: more environment for every instance (LOG_LEVEL, WEB_DIST, PAYLOAD_PRIVATE_KEY...).
 * - `studio`: the first instance runs the game studio beside it (the others do not: one studio).
 * - `output`: where the instances' output goes, each line prefixed with its name (default: dropped).
 * - `dataDir`: the instances' shared data folder (default: a temporary one, removed by `stop`).
 * - `balancerProcess`: the balancer runs in a process of its own rather than in this one.
 */
export const startCluster = async ({
  instances = 3,
  databaseUrl,
  prepared = false,
  redisUrl,
  host = '127.0.0.1',
  port = 0,
  env = {},
  studio = false,
  output,
  dataDir,
  balancerProcess = false,
} = {}) => {
  if (!fs.existsSync(serverMain)) throw new Error(`${serverMain} is missing: npm run build`);
  const cleanups = [];
  const stopAll = async () => {
    for (const cleanup of cleanups.splice(0).reverse()) {
      try {
        await cleanup();
      } catch (error) {
        // Ctrl-C reaches PostgreSQL and Redis too: one already gone must not keep the rest running.
        console.error(`cluster: ${error.message.split('\n')[0]}`);
      }
    }
  };
  try {
    if (!databaseUrl) {
      const bin = findPostgresBin();
      if (!bin) throw new Error('PostgreSQL binaries (initdb, pg_ctl) not found: apt-get install postgresql');
      const postgres = await startPostgres(bin, { durable: true });
      cleanups.push(async () => postgres.stop());
      databaseUrl = await createDatabase(postgres.url, 'jade');
    }
    if (!redisUrl) {
      const redis = await startRedis();
      cleanups.push(() => redis.stop());
      redisUrl = redis.url;
    }
    // One data folder for all: uploads written through one instance are served by every other.
    const dir = dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'jade-cluster-'));
    if (!dataDir) cleanups.push(async () => fs.rmSync(dir, { recursive: true, force: true }));
    // The same keys everywhere, so a session, a sealed payload or a sealed vendor key made by one
    // instance is read by any other.
    const shared = {
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisUrl,
      DATA_DIR: dir,
      HOST: '127.0.0.1',
      TRUSTED_PROXIES: '127.0.0.1',
      SESSION_SECRET: randomBytes(32).toString('hex'),
      PAYLOAD_PRIVATE_KEY:
        env.PAYLOAD_PRIVATE_KEY ??
        generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({
          type: 'pkcs8',
          format: 'pem',
        }),
      ...env,
    };
    const studioPort = studio ? await freePort() : 0;
    const started = [];
    const startOne = async (n) => {
      const name = `i${n}`;
      const instancePort = await freePort();
      // The node flags of `npm run serve` (decisions 0065 and 0095).
      const child = spawn(process.execPath, [...serveFlags(), serverMain], {
        env: {
          ...process.env,
          ...shared,
          PORT: String(instancePort),
          INSTANCE_NAME: name,
          STUDIO_PORT: String(n === 1 ? studioPort : 0),
        },
        stdio: ['ignore', output ? 'pipe' : 'ignore', output ? 'pipe' : 'ignore'],
      });
      if (output) {
        prefixLines(child.stdout, name, output);
        prefixLines(child.stderr, name, output);
      }
      const exited = new Promise((resolve) => child.once('exit', resolve));
      const url = `http://127.0.0.1:${instancePort}`;
      const instance = {
        name,
        url,
        process: child,
        exited,
        stop: async () => {
          if (child.exitCode !== null || child.signalCode !== null) return;
          child.kill('SIGTERM');
          const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
          await exited;
          clearTimeout(timer);
        },
      };
      started.push(instance);
      await waitHealthy(url, child);
      return instance;
    };
    cleanups.push(async () => {
      await Promise.all(started.map((instance) => instance.stop()));
    });
    const list = [];
    if (!prepared) list.push(await startOne(1));
    list.push(
      ...(await Promise.all(
        Array.from({ length: instances - list.length }, (_, i) => startOne(list.length + i + 1)),
      )),
    );
    const balancer = await (balancerProcess ? spawnBalancer : startBalancer)(
      list.map((i) => i.url),
      { host, port },
    );
    cleanups.push(() => balancer.close());
    return {
      url: balancer.url,
      balancer,
      instances: list,
      databaseUrl,
      redisUrl,
      dataDir: dir,
      stop: stopAll,
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
};

const DEMO_LOGINS = `Demo logins (password demo12345, payment password 246810): agent demoagent (sub-agents
  demosub1, demosub2, demosub11, demosub21), members demoplayer1-demoplayer7; or Register a member.`;

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { values } = parseArgs({
    options: {
      instances: { type: 'string', default: '3' },
      port: { type: 'string', default: '8080' },
      host: { type: 'string', default: '127.0.0.1' },
      backends: { type: 'string' },
    },
  });
  if (values.backends) {
    // The balancer alone, over running instances (spawnBalancer).
    const balancer = await startBalancer(values.backends.split(','), {
      host: values.host,
      port: Number(values.port),
    });
    const close = () => void balancer.close().then(() => process.exit(0));
    process.on('SIGINT', close);
    process.on('SIGTERM', close);
  } else {
    console.log('Starting PostgreSQL, Redis and the instances (the first migrates and seeds the demo)...');
    const cluster = await startCluster({
      instances: Number(values.instances),
      port: Number(values.port),
      studio: true,
      output: process.stdout,
      env: { LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' },
    });
    console.log(`
Jade cluster: ${cluster.url} (round robin over ${cluster.instances.length} instances; each answer's
x-jade-instance header names the one that served it)
${cluster.instances.map((i) => `  ${i.name}  ${i.url}  pid ${i.process.pid}`).join('\n')}
PostgreSQL ${cluster.databaseUrl}
Redis      ${cluster.redisUrl}
Operator CLI against it: DATABASE_URL='${cluster.databaseUrl}' npm run jade -- status show
${DEMO_LOGINS}
Ctrl-C stops everything (the throwaway PostgreSQL and Redis are removed).`);
    let stopping = false;
    for (const instance of cluster.instances)
      void instance.exited.then((code) => {
        if (!stopping)
          console.log(
            `${instance.name} exited (${code ?? instance.process.signalCode}); the balancer skips it`,
          );
      });
    const stop = async () => {
      if (stopping) return;
      stopping = true;
      console.log('\nStopping the cluster...');
      await cluster.stop();
      process.exit(0);
    };
    process.on('SIGINT', () => void stop());
    process.on('SIGTERM', () => void stop());
  }
}
