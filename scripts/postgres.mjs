// A throwaway PostgreSQL cluster on a random loopback port, from the machine's PostgreSQL binaries.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/** The folder holding initdb and pg_ctl, or undefined when PostgreSQL is not installed. */
export const findPostgresBin = () => {
  const candidates = [];
  if (process.env.PG_BIN) candidates.push(process.env.PG_BIN);
  try {
    candidates.push(
      execFileSync('pg_config', ['--bindir'], {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
      }).trim(),
    );
  } catch {
    // no pg_config: look in Debian's layout below
  }
  const debian = '/usr/lib/postgresql';
  if (fs.existsSync(debian)) {
    const versions = fs
      .readdirSync(debian)
      .filter((v) => /^\d+$/.test(v))
      .sort((a, b) => Number(b) - Number(a));
    candidates.push(...versions.map((v) => path.join(debian, v, 'bin')));
  }
  return candidates.find(
    (dir) => fs.existsSync(path.join(dir, 'initdb')) && fs.existsSync(path.join(dir, 'pg_ctl')),
  );
};

/** A free loopback port (the bench scripts use it too). */
export const freePort = () =>
  new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

/** PostgreSQL refuses to run as root; as root the cluster runs as the 'postgres' system user. */
const asServerUser = (bin, args) => {
  if (process.getuid?.() !== 0) return [bin, args];
  return ['runuser', ['-u', 'postgres', '--', bin, ...args]];
};

const run = (bin, args) => {
  const [cmd, argv] = asServerUser(bin, args);
  const result = spawnSync(cmd, argv, { encoding: 'utf8' });
  if (result.status !== 0) {
    throw new Error(`${path.basename(bin)} failed (${result.status}):\n${result.stdout}\n${result.stderr}`);
  }
};

/**
 * Starts a cluster; returns its superuser URL and a stop function that removes every trace. Tests run
 * it without durability (fsync, synchronous_commit and full-page writes off: nothing outlives the
 * run); `durable` keeps PostgreSQL's defaults, as an operator runs it, for benchmarks.
 */
export const startPostgres = async (binDir, { durable = false } = {}) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'jade-pg-'));
  if (process.getuid?.() === 0) execFileSync('chown', ['-R', 'postgres:postgres', dir]);
  const data = path.join(dir, 'data');
  run(path.join(binDir, 'initdb'), ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  const port = await freePort();
  const unsafe = durable ? '' : ' -c fsync=off -c synchronous_commit=off -c full_page_writes=off';
  // PG_EXTRA_OPTIONS: more server options for a measurement, e.g. ' -c shared_preload_libraries=pg_stat_statements
  // -c pg_stat_statements.track=all' to see what each statement runs inside (decision 0100).
  const extra = process.env.PG_EXTRA_OPTIONS ?? '';
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1${unsafe} -c max_connections=200${extra}`;
  run(path.join(binDir, 'pg_ctl'), [
    '-D',
    data,
    '-o',
    options,
    '-l',
    path.join(dir, 'server.log'),
    '-w',
    'start',
  ]);
  const stop = () => {
    try {
      run(path.join(binDir, 'pg_ctl'), ['-D', data, '-m', 'immediate', '-w', 'stop']);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  };
  return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, stop };
};
