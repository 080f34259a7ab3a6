// A small payment gateway for the tests and the demo, speaking the protocol of the server's gateway
// channel (apps/server/src/modules/wallet/channels/gateway.ts, docs/decisions/0008). Plain Node, no
// dependencies, loopback only.
//
//   DEV_GATEWAY_SECRET=<at least 16 characters> node scripts/dev-gateway.mjs [--port 0] [--merchant-id DEMO]
//
// Prints `dev-gateway listening on http://127.0.0.1:<port>` once it listens (port 0: any free port).
// Without DEV_GATEWAY_SECRET it makes one up and prints it, for a demo. Then:
//   JADE_GATEWAY_SECRET=<the secret> npm run jade -- payment channel-gateway DEV_GATEWAY --url <that URL>
//
// Calls:
//   POST /orders                   create an order (signed by the merchant) -> { orderId, payUrl }
//   GET  /pay/:orderId             the payment page with Pay and Fail buttons
//   POST /pay/:orderId/(pay|fail)  the page's buttons: settle the order and send the callback
//   POST /orders/:orderId/(pay|fail)  the same for a test, answering JSON with the delivery result
//   POST /orders/:orderId/notify   send the order's callback again (a gateway's retry)
//   GET  /orders/:orderId          the order, with its callback deliveries
//   POST /control                  { createMode: 'ok' | 'error' | 'hang' } how POST /orders behaves
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '0' },
    host: { type: 'string', default: '127.0.0.1' },
    'merchant-id': { type: 'string', default: process.env.DEV_GATEWAY_MERCHANT ?? 'DEMO' },
  },
});
const MERCHANT_ID = values['merchant-id'];
const generated = !process.env.DEV_GATEWAY_SECRET;
const SECRET = process.env.DEV_GATEWAY_SECRET ?? randomBytes(24).toString('base64url');
const MAX_SKEW_SECONDS = 300;
const CALLBACK_ATTEMPTS = 4;

/** orderId -> { orderId, merchantOrderId, amount, currency, notifyUrl, returnUrl, status, deliveries } */
const orders = new Map();
let createMode = 'ok';
let sequence = 0;

const sign = (timestamp, body) =>
  createHmac('sha256', SECRET).update(`${timestamp}.`).update(body).digest('hex');
const now = () => String(Math.floor(Date.now() / 1000));

const isSignedByMerchant = (request, body) => {
  const timestamp = String(request.headers['x-timestamp'] ?? '');
  const signature = Buffer.from(String(request.headers['x-signature'] ?? ''));
  const expected = Buffer.from(sign(timestamp, body));
  return (
    /^\d{1,12}$/.test(timestamp) &&
    Math.abs(Date.now() / 1000 - Number(timestamp)) <= MAX_SKEW_SECONDS &&
    signature.length === expected.length &&
    timingSafeEqual(signature, expected)
  );
};

const readBody = (request) =>
  new Promise((resolve, reject) => {
    const chunks = [];
    let size = 0;
    request.on('data', (chunk) => {
      size += chunk.length;
      if (size > 64 * 1024) {
        reject(new Error('body too large'));
        request.destroy();
      } else chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });

const json = (response, status, value) => {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(value));
};
const escape = (text) => String(text).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const page = (response, status, title, body) => {
  response.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
  response.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escape(title)}</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font:16px system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem;color:#17202a}
dl{display:grid;grid-template-columns:auto 1fr;gap:.4rem 1rem}dt{color:#566573}button{font:inherit;padding:.6rem 1.4rem;margin-right:.6rem;border-radius:.4rem;border:1px solid #1f8a65;cursor:pointer}
.pay{background:#1f8a65;color:#fff}.fail{background:#fff;color:#922b21;border-color:#922b21}</style></head>
<body><h1>${escape(title)}</h1>${body}</body></html>`);
};

/** Sends the order's signed callback, retrying a non-200 answer a few times with a growing pause. */
const deliverCallback = async (order) => {
  const body = JSON.stringify({
    merchantId: MERCHANT_ID,
    orderId: order.orderId,
    merchantOrderId: order.merchantOrderId,
    amount: order.amount,
    currency: order.currency,
    status: order.status,
  });
  let last = { httpStatus: 0, body: '' };
  for (let attempt = 1; attempt <= CALLBACK_ATTEMPTS; attempt++) {
    const timestamp = now();
    try {
      const answer = await fetch(order.notifyUrl, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-timestamp': timestamp,
          'x-signature': sign(timestamp, body),
        },
        body,
        signal: AbortSignal.timeout(10_000),
      });
      last = { httpStatus: answer.status, body: (await answer.text()).slice(0, 200) };
    } catch (error) {
      last = { httpStatus: 0, body: String(error?.message ?? error) };
    }
    order.deliveries.push({ attempt, ...last });
    if (last.httpStatus === 200) return { delivered: true, attempts: attempt, ...last };
    if (attempt < CALLBACK_ATTEMPTS) await new Promise((resolve) => setTimeout(resolve, 150 * attempt));
  }
  return { delivered: false, attempts: CALLBACK_ATTEMPTS, ...last };
};

const settle = (order, outcome) => {
  if (order.status === 'CREATED') order.status = outcome === 'pay' ? 'PAID' : 'FAILED';
  return deliverCallback(order);
};

const createOrder = async (request, response) => {
  const body = await readBody(request);
  if (createMode === 'hang') return; // never answers: the merchant's timeout has to end it
  if (createMode === 'error') return json(response, 503, { error: 'temporarily unavailable' });
  if (request.headers['x-merchant-id'] !== MERCHANT_ID || !isSignedByMerchant(request, body)) {
    return json(response, 401, { error: 'bad signature' });
  }
  let input;
  try {
    input = JSON.parse(body.toString('utf8'));
  } catch {
    return json(response, 400, { error: 'not JSON' });
  }
  const { merchantId, merchantOrderId, amount, currency, notifyUrl, returnUrl } = input ?? {};
  if (
    merchantId !== MERCHANT_ID ||
    typeof merchantOrderId !== 'string' ||
    !Number.isSafeInteger(amount) ||
    amount <= 0 ||
    typeof currency !== 'string' ||
    !/^https?:\/\//.test(String(notifyUrl))
  ) {
    return json(response, 400, { error: 'bad order' });
  }
  const orderId = `GW${Date.now().toString(36).toUpperCase()}${String(++sequence).padStart(4, '0')}`;
  orders.set(orderId, {
    orderId,
    merchantOrderId,
    amount,
    currency,
    notifyUrl,
    returnUrl: /^https?:\/\//.test(String(returnUrl)) ? returnUrl : null,
    status: 'CREATED',
    deliveries: [],
  });
  const origin = `http://${request.headers.host}`;
  return json(response, 200, { orderId, payUrl: `${origin}/pay/${orderId}`, status: 'CREATED' });
};

const payPage = (response, order) =>
  page(
    response,
    200,
    'Dev gateway: pay',
    `<dl><dt>Order</dt><dd>${escape(order.orderId)}</dd><dt>Merchant order</dt><dd>${escape(order.merchantOrderId)}</dd>
<dt>Amount</dt><dd data-testid="amount">${escape(order.amount)} ${escape(order.currency)} (minor units)</dd>
<dt>Status</dt><dd>${escape(order.status)}</dd></dl>
${
  order.status === 'CREATED'
    ? `<form method="post" action="/pay/${escape(order.orderId)}/pay" style="display:inline"><button class="pay">Pay</button></form>
<form method="post" action="/pay/${escape(order.orderId)}/fail" style="display:inline"><button class="fail">Fail</button></form>`
    : ''
}`,
  );

const server = createServer(async (request, response) => {
  try {
    const url = new URL(request.url ?? '/', 'http://gateway');
    const parts = url.pathname.split('/').filter(Boolean);
    const order = parts[1] ? orders.get(parts[1]) : undefined;
    if (request.method === 'POST' && url.pathname === '/orders') return await createOrder(request, response);
    if (request.method === 'POST' && url.pathname === '/control') {
      const body = JSON.parse((await readBody(request)).toString('utf8') || '{}');
      if (['ok', 'error', 'hang'].includes(body.createMode)) createMode = body.createMode;
      return json(response, 200, { createMode });
    }
    if (parts[0] === 'orders' && parts.length >= 2) {
      if (!order) return json(response, 404, { error: 'no such order' });
      if (request.method === 'GET' && parts.length === 2) return json(response, 200, order);
      if (request.method === 'POST' && (parts[2] === 'pay' || parts[2] === 'fail')) {
        const result = await settle(order, parts[2]);
        return json(response, 200, { status: order.status, ...result });
      }
      if (request.method === 'POST' && parts[2] === 'notify') {
        if (order.status === 'CREATED') return json(response, 409, { error: 'not settled yet' });
        const result = await deliverCallback(order);
        return json(response, 200, { status: order.status, ...result });
      }
    }
    if (parts[0] === 'pay' && parts.length >= 2) {
      if (!order) return page(response, 404, 'Dev gateway', '<p>No such order.</p>');
      if (request.method === 'GET' && parts.length === 2) return payPage(response, order);
      if (request.method === 'POST' && (parts[2] === 'pay' || parts[2] === 'fail')) {
        await readBody(request);
        const result = await settle(order, parts[2]);
        const back = order.returnUrl
          ? `<p><a href="${escape(order.returnUrl)}">Back to the site</a></p>`
          : '';
        return page(
          response,
          200,
          order.status === 'PAID' ? 'Payment complete' : 'Payment failed',
          `<p role="status">${result.delivered ? 'The merchant has been told.' : 'The merchant could not be told yet.'} You can close this window.</p>${back}`,
        );
      }
    }
    return json(response, 404, { error: 'not found' });
  } catch (error) {
    if (!response.headersSent) json(response, 500, { error: String(error?.message ?? error) });
  }
});

server.listen(Number(values.port), values.host, () => {
  const { port } = server.address();
  console.log(`dev-gateway listening on http://${values.host}:${port}`);
  if (generated)
    console.log(`merchant ${MERCHANT_ID}, secret ${SECRET} (set DEV_GATEWAY_SECRET to choose it)`);
});
// An order left hanging (createMode 'hang') keeps its connection open: do not wait for it.
process.on('SIGTERM', () => process.exit(0));
process.on('SIGINT', () => process.exit(0));
