// A game vendor's wallet API on loopback, for tests and demos of transfer-mode vendor wallets
// (apps/server/src/modules/wallet/vendor-wallets.ts). Plain Node, no dependencies.
//   node scripts/dev-vendor.mjs [--port 0]     prints "listening <port>" on stdout
// API: POST /wallet/transfer {reference, player, direction IN|OUT, amount} → {status OK|FAILED}
//      GET  /wallet/transfer/<reference> → {status} or 404 when never received
//      GET  /players/<player> → {balance}
//      GET  /calls → {transfer, status}: how many transfer and status calls it has answered
// Test controls: POST /control {delayMs, refuse, drop}: answer only after delayMs (the transfer is
// applied at once), refuse every transfer, or drop transfers (never applied, connection left hanging).
import http from 'node:http';
import { parseArgs } from 'node:util';

const { values } = parseArgs({ options: { port: { type: 'string', default: '0' } } });
const transfers = new Map();
const balances = new Map();
let control = { delayMs: 0, refuse: false, drop: false };
const calls = { transfer: 0, status: 0 };

const readJson = (request) =>
  new Promise((resolve) => {
    let text = '';
    request.on('data', (chunk) => (text += chunk));
    request.on('end', () => {
      try {
        resolve(JSON.parse(text || '{}'));
      } catch {
        resolve(null);
      }
    });
  });

const send = (response, status, body) => {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
};

const apply = ({ reference, player, direction, amount }) => {
  const known = transfers.get(reference);
  if (known) return known;
  const balance = balances.get(player) ?? 0;
  let status = 'OK';
  if (control.refuse || !Number.isSafeInteger(amount) || amount <= 0) status = 'FAILED';
  else if (direction === 'OUT' && balance < amount) status = 'FAILED';
  else balances.set(player, direction === 'IN' ? balance + amount : balance - amount);
  transfers.set(reference, status);
  return status;
};

const server = http.createServer(async (request, response) => {
  const url = new URL(request.url, 'http://localhost');
  if (request.method === 'POST' && url.pathname === '/control') {
    control = { delayMs: 0, refuse: false, drop: false, ...(await readJson(request)) };
    return send(response, 200, control);
  }
  if (request.method === 'GET' && url.pathname === '/calls') return send(response, 200, calls);
  if (request.method === 'POST' && url.pathname === '/wallet/transfer') {
    calls.transfer++;
    const body = await readJson(request);
    if (!body?.reference || !body.player || !['IN', 'OUT'].includes(body.direction)) {
      return send(response, 400, { error: 'bad request' });
    }
    if (control.drop) return; // never applied, never answered
    const status = apply(body);
    setTimeout(() => send(response, 200, { status }), control.delayMs);
    return;
  }
  const status = url.pathname.match(/^\/wallet\/transfer\/(.+)$/);
  if (request.method === 'GET' && status) {
    calls.status++;
    const known = transfers.get(decodeURIComponent(status[1]));
    return known
      ? send(response, 200, { status: known })
      : send(response, 404, { error: 'unknown reference' });
  }
  const player = url.pathname.match(/^\/players\/(.+)$/);
  if (request.method === 'GET' && player) {
    return send(response, 200, { balance: balances.get(decodeURIComponent(player[1])) ?? 0 });
  }
  send(response, 404, { error: 'not found' });
});

server.listen(Number(values.port), '127.0.0.1', () => {
  console.log(`listening ${server.address().port}`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
