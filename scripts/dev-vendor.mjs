// A game vendor's wallet API on loopback, for tests and demos of transfer-mode vendor wallets
// (apps/server/src/modules/wallet/vendor-wallets.ts). Plain Node, no dependencies.
//   node scripts/dev-vendor.mjs [--port 0]     prints "listening <port>" on stdout
// API: POST /wallet/transfer {reference, player, direction IN|OUT, amount} → {status OK|FAILED}
//      GET  /wallet/transfer/<reference> → {status} or 404 when never received
//      GET  /players/<player> → {balance}
//      GET  /calls → {transfer, status, launch, bets, relayed, disagreements}: calls answered
//      POST /launch {player, gameId, language, demo} → {url}: the game page for the /game frame
//      GET  /play/<gameId>?session=<s> → the game page (a one-button slot on the vendor's own wallet)
//      POST /play/<session>/spin → {balance, round}: one round of that page's game
//      GET  /bets?after=<cursor>&limit=<n> → {bets: [...], cursor}: settled rounds, oldest first
//      POST /players/<player>/rounds {gameId, stake, payout} → a settled round (tests)
//      POST /relay {url, headers, body} → a seamless-wallet callback sent awkwardly (below)
// Test controls: POST /control {delayMs, refuse, drop, down, overlap}: answer only after delayMs (the
// transfer is applied at once), refuse every transfer, drop transfers (never applied, connection left
// hanging), answer 503 to everything (down), or send each page of bets again with the next (overlap).
//
// The relay is the deliberately awkward vendor of the seamless conformance kit: it sends every signed
// callback twice at once and a third time after the first answer (as after a lost answer), answers
// the original's answer, and counts any two answers to one callback whose statuses differ. Only
// authenticate goes once: a launch code is one-time by design.
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { parseArgs } from 'node:util';

const { values } = parseArgs({ options: { port: { type: 'string', default: '0' } } });
const transfers = new Map();
const balances = new Map();
const DEFAULT_CONTROL = { delayMs: 0, refuse: false, drop: false, down: false, overlap: false };
let control = { ...DEFAULT_CONTROL };
const calls = { transfer: 0, status: 0, launch: 0, bets: 0, relayed: 0, disagreements: 0 };
/** Settled rounds, the feed of GET /bets; a bet's cursor is its position, 1-based. */
const rounds = [];
/** The first callbacks whose three answers disagreed (GET /disagreements). */
const disagreements = [];
/** Game page sessions: session → {player, gameId}. */
const sessions = new Map();

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

/** One settled round on the vendor's own wallet, or undefined when the player cannot stake it. */
const playRound = (player, gameId, stake, payout) => {
  const balance = balances.get(player) ?? 0;
  if (!Number.isSafeInteger(stake) || stake <= 0 || balance < stake) return undefined;
  if (!Number.isSafeInteger(payout) || payout < 0) return undefined;
  balances.set(player, balance - stake + payout);
  const at = new Date().toISOString();
  const round = {
    betId: `dv-${rounds.length + 1}`,
    player,
    gameId,
    roundId: `round-${rounds.length + 1}`,
    stake,
    validBet: stake,
    payout,
    placedAt: at,
    settledAt: at,
  };
  rounds.push(round);
  return round;
};

const relay = async ({ url, headers, body }) => {
  calls.relayed++;
  const once = async () => {
    const answer = await fetch(url, { method: 'POST', headers, body });
    return { status: answer.status, body: await answer.json() };
  };
  // A launch code is traded once by design (a vendor that lost that answer launches again).
  if (url.endsWith('/authenticate')) return once();
  const [first, second] = await Promise.all([once(), once()]);
  const third = await once();
  const answers = [first, second, third];
  if (new Set(answers.map((a) => `${a.status}:${a.body.status}`)).size > 1) {
    calls.disagreements++;
    disagreements.push({ url, answers: answers.map((a) => `${a.status}:${a.body.status}`) });
  }
  return answers.find((a) => !a.body.replayed) ?? first;
};

const page = (session, gameId) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${gameId}</title>
<style>body{font:16px system-ui;background:#10202a;color:#eef;display:grid;place-items:center;min-height:90vh}
button{font:inherit;padding:.8em 2em;border-radius:2em;border:0;background:#e3b341;color:#222}</style></head>
<body><main><h1>${gameId}</h1><p>Balance: <output id="balance">…</output></p>
<button id="spin" type="button">Spin 1.00</button><p id="last" aria-live="polite"></p></main>
<script>
const show = (b) => (document.getElementById('balance').textContent = (b / 100).toFixed(2));
fetch('/play/${session}/balance').then((r) => r.json()).then((a) => show(a.balance));
document.getElementById('spin').onclick = async () => {
  const a = await (await fetch('/play/${session}/spin', { method: 'POST' })).json();
  if (a.error) return (document.getElementById('last').textContent = a.error);
  show(a.balance);
  document.getElementById('last').textContent = a.round.payout > 0 ? 'Win ' + (a.round.payout / 100).toFixed(2) : 'No win';
};
</script></body></html>`;

const server = http.createServer(async (request, response) => {
  const url = new URL(request.url, 'http://localhost');
  if (request.method === 'POST' && url.pathname === '/control') {
    control = { ...DEFAULT_CONTROL, ...(await readJson(request)) };
    return send(response, 200, control);
  }
  if (request.method === 'GET' && url.pathname === '/calls') return send(response, 200, calls);
  if (request.method === 'GET' && url.pathname === '/disagreements')
    return send(response, 200, disagreements.slice(0, 50));
  if (request.method === 'POST' && url.pathname === '/relay') {
    return send(response, 200, await relay(await readJson(request)));
  }
  if (control.down) return send(response, 503, { error: 'down for maintenance' });
  if (request.method === 'POST' && url.pathname === '/launch') {
    calls.launch++;
    const body = await readJson(request);
    if (!body?.player || !body.gameId) return send(response, 400, { error: 'bad request' });
    const session = randomBytes(16).toString('hex');
    sessions.set(session, { player: body.player, gameId: body.gameId, roomId: body.roomId });
    const room = body.roomId ? `&room=${encodeURIComponent(body.roomId)}` : '';
    const host = request.headers.host;
    return setTimeout(
      () =>
        send(response, 200, {
          url: `http://${host}/play/${encodeURIComponent(body.gameId)}?session=${session}${room}`,
        }),
      control.delayMs,
    );
  }
  const play = url.pathname.match(/^\/play\/([^/]+)$/);
  if (request.method === 'GET' && play) {
    const session = sessions.get(url.searchParams.get('session') ?? '');
    if (!session) return send(response, 404, { error: 'unknown session' });
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    return response.end(page(url.searchParams.get('session'), session.gameId));
  }
  const action = url.pathname.match(/^\/play\/([0-9a-f]+)\/(spin|balance)$/);
  if (action) {
    const session = sessions.get(action[1]);
    if (!session) return send(response, 404, { error: 'unknown session' });
    if (action[2] === 'spin') {
      const win = randomBytes(1)[0] < 96;
      const round = playRound(session.player, session.gameId, 100, win ? 250 : 0);
      if (!round) return send(response, 200, { error: 'Not enough balance' });
      return send(response, 200, { balance: balances.get(session.player), round });
    }
    return send(response, 200, { balance: balances.get(session.player) ?? 0 });
  }
  if (request.method === 'GET' && url.pathname === '/bets') {
    calls.bets++;
    let after = Number(url.searchParams.get('after') ?? '0') || 0;
    const limit = Math.min(Number(url.searchParams.get('limit') ?? '100') || 100, 1000);
    if (control.overlap) after = Math.max(0, after - 2);
    const bets = rounds.slice(after, after + limit);
    return send(response, 200, { bets, cursor: String(after + bets.length) });
  }
  const rounds_ = url.pathname.match(/^\/players\/(.+)\/rounds$/);
  if (request.method === 'POST' && rounds_) {
    const body = await readJson(request);
    const round = playRound(decodeURIComponent(rounds_[1]), body?.gameId, body?.stake, body?.payout);
    return round ? send(response, 200, round) : send(response, 409, { error: 'not enough balance' });
  }
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
