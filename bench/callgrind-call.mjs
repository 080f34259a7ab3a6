// bench/callgrind-call: the instructions (callgrind's Ir, noise-free on a shared machine) the server
// runs for one authenticated balance call (or, with --call transfer, one GCS_walletTransfer), on SQLite
// or, with --pg, PostgreSQL: the built server under valgrind, warmed with WARM calls, its counters
// zeroed, then CALLS calls one at a time, dumped. BENCH_SERVER_DIST sets two builds side by side. It
// prints one balance answer's bytes first (head and body).
// --keep FILE keeps the main thread's dump of the measured calls (for callgrind_annotate).
// --call bare: the same GET (the same headers) to a bare Fastify route in its own process
// (bench/bare-route-server.mjs: no hook, no database), measured the same way: the balance call's
// ceiling in instructions (issue 23: the balance call at half a bare route's rate).
//   node bench/callgrind-call.mjs [--call balance|transfer|bare] [--calls 2000] [--warm 1000] [--keep FILE]
//   node scripts/with-postgres.mjs node bench/callgrind-call.mjs --pg --call transfer ...
import { spawn, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  benchDatabase,
  dist,
  prepareMemberLoad,
  serverNodeFlags,
  transferOnce,
  transferRequest,
} from './support.mjs';

const { values } = parseArgs({
  options: {
    calls: { type: 'string', default: '2000' },
    warm: { type: 'string', default: '1000' },
    keep: { type: 'string' },
    call: { type: 'string', default: 'balance' },
    pg: { type: 'boolean', default: false },
  },
});
const CALL = values.call;
if (!['balance', 'transfer', 'bare'].includes(CALL))
  throw new Error(`--call ${CALL}: balance, transfer or bare`);
const freePort = () =>
  new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

const database = await benchDatabase('callgrind', { pg: values.pg });
const prepared = await prepareMemberLoad(database.env, 10);
const port = await freePort();
const out = path.join(database.dir, 'callgrind.out');
const server = spawn(
  'valgrind',
  [
    '--tool=callgrind',
    '--separate-threads=yes',
    `--callgrind-out-file=${out}`,
    process.execPath,
    ...(CALL === 'bare'
      ? [path.join(import.meta.dirname, 'bare-route-server.mjs')]
      : [...serverNodeFlags(), path.join(dist, 'main.js')]),
  ],
  {
    env: {
      ...process.env,
      ...database.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      WEB_DIST: path.join(database.dir, 'none'),
      STUDIO_PORT: '0',
    },
    stdio: ['ignore', 'ignore', 'ignore'],
  },
);
const url = `http://127.0.0.1:${port}`;
// vgdb names its pipes after HOST, which the server's environment sets: callgrind_control must agree.
const vgdbEnv = { ...process.env, HOST: '127.0.0.1' };
for (let i = 0; ; i++) {
  try {
    if ((await fetch(`${url}/healthz`)).ok) break;
  } catch {
    if (i > 6_000 || server.exitCode !== null) throw new Error('server did not start');
    await new Promise((r) => setTimeout(r, 100));
  }
}
const balance = async (n) => {
  const response = await fetch(`${url}/wps/v2/wallets/balance`, {
    headers: { authorization: `Bearer ${prepared.tokens[n % prepared.tokens.length]}` },
  });
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`balance: ${response.status}`);
};
// Transfers: each member's own connection context, so its transfers alternate in and out.
const transfers = transferRequest(prepared, 'callgrind-');
const contexts = prepared.tokens.map(() => ({}));
const transfer = async (n) => {
  const {
    method,
    path: at,
    headers,
    body,
  } = transfers.setupRequest(
    { method: transfers.method, path: transfers.path },
    contexts[n % contexts.length],
  );
  const response = await fetch(url + at, { method, headers, body });
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`transfer: ${response.status}`);
};
const call = CALL === 'transfer' ? transfer : balance;
/**
 * One balance answer's bytes as the server writes them (a raw socket, no client's parsing): its head
 * (the status line and headers) and its body. Both are written by the server and read by the client
 * on every call.
 */
const answerBytes = (token) =>
  new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () =>
      socket.write(
        `GET /wps/v2/wallets/balance HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAuthorization: Bearer ${token}\r\n\r\n`,
      ),
    );
    let data = Buffer.alloc(0);
    socket.on('data', (chunk) => {
      data = Buffer.concat([data, chunk]);
      const end = data.indexOf('\r\n\r\n');
      if (end < 0) return;
      const head = data.subarray(0, end + 4).toString('latin1');
      const body = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1] ?? 0);
      if (data.length < end + 4 + body) return;
      socket.destroy();
      resolve({ head: end + 4, headers: head.split('\r\n').length - 3, body });
    });
    socket.on('error', reject);
  });
if (CALL !== 'bare') await transferOnce(url, prepared);
const bytes = await answerBytes(prepared.tokens[0]);
console.log(
  `balance answer: ${bytes.head} bytes of status line and ${bytes.headers} headers, ${bytes.body} bytes of body`,
);
for (let i = 0; i < Number(values.warm); i++) await call(i);
execFileSync('callgrind_control', ['-z', String(server.pid)], { env: vgdbEnv });
for (let i = 0; i < Number(values.calls); i++) await call(i);
execFileSync('callgrind_control', ['-d', String(server.pid)], { env: vgdbEnv });
server.kill('SIGTERM');
await new Promise((r) => server.once('exit', r));
const dumps = fs.readdirSync(database.dir).filter((f) => f.startsWith('callgrind.out'));
const irOf = (file) => {
  const text = fs.readFileSync(path.join(database.dir, file), 'utf8');
  return Number(/^(?:totals|summary): (\d+)/m.exec(text)?.[1] ?? 0);
};
// callgrind_control's dump is numbered (callgrind.out.1-01, one file a thread) and holds exactly the
// calls; the unnumbered ones are what ran from there to the exit. Thread 01 is the main thread (the
// event loop: the calls themselves); the others are V8's helpers (its optimising compiler above all,
// which runs until the code is hot, then stops) and libuv's pool.
const measured = dumps.filter((f) => /\.\d+-\d+$/.test(f));
const main = measured.find((f) => f.endsWith('-01'));
const total = measured.reduce((sum, f) => sum + irOf(f), 0);
if (values.keep) fs.copyFileSync(path.join(database.dir, main), values.keep);
const perCall = (ir) => Math.round(ir / Number(values.calls));
console.log(
  `callgrind ${CALL} on ${values.pg ? 'PostgreSQL' : 'SQLite'} (${dist}): ${perCall(total)} instructions ` +
    `a call over ${values.calls} calls, ${perCall(irOf(main))} of them on the main thread`,
);
await database.drop();
