// The built server as `npm run serve` starts it, for the scripts and tests that start it themselves and
// measure it (bench/idle.mjs, apps/server/src/idle-memory.api.test.ts): the node flags of the serve
// script, the environment every such start shares, and the process's resident memory.
import fs from 'node:fs';
import path from 'node:path';
import { freePort } from './postgres.mjs';

export { freePort };

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');

/** The path of the built server's entry point. */
export const builtServerMain = path.join(root, 'apps/server/dist/main.js');

/** The node flags of `npm run serve`, so that the server is measured as it is started. */
export const serveFlags = () => {
  const words = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).scripts.serve.split(
    /\s+/,
  );
  return words.slice(words.indexOf('node') + 1, words.indexOf('apps/server/dist/main.js'));
};

/** The environment of a server on loopback `port` keeping its data in `dir`, the studio off. */
export const servedEnv = ({ port, dir, databaseUrl, logLevel }) => ({
  ...process.env,
  PORT: String(port),
  HOST: '127.0.0.1',
  DATA_DIR: dir,
  DATABASE_URL: databaseUrl,
  LOG_LEVEL: logLevel,
  STUDIO_PORT: '0',
});

/** A process's resident memory in MB, from /proc (Linux). */
export const rssMb = (pid) =>
  Number(/VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024;
