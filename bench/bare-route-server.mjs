// bench/bare-route-server: a bare Fastify route in a process of its own, for bench/callgrind-call.mjs
// --call bare: GET /wps/v2/wallets/balance answers {"success":true} (no hook, no database), and
// /healthz answers. PORT and HOST as the server's.
import Fastify from 'fastify';

const app = Fastify();
app.get('/wps/v2/wallets/balance', async () => ({ success: true }));
app.get('/healthz', async () => ({ status: 'ok' }));
await app.listen({ port: Number(process.env.PORT), host: process.env.HOST ?? '127.0.0.1' });
