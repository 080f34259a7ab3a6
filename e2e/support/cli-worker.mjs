// The operator CLI (apps/server/dist/cli.js) kept running for one browser-test server: it reads one
// JSON request a line on stdin, {id, args, env}, runs `jade <args>` as cli.ts does and answers
// {cli: true, id, ok, stdout} or {cli: true, id, ok: false, message} on stdout (other lines are logs). A test file runs dozens of CLI commands;
// starting a Node process and importing the server for each costs 1-3 s of CPU on a 2-core machine.
// Commands run one at a time, in the order sent, each as its own `jade` run would (the database is
// the server's, which sees every change at once: SQLite's data_version, decision 0010).
// Plain Node: the environment is the server's (support/server.ts); `env` adds the secrets an operator
// types for one command (JADE_OPERATOR_PASSWORD, JADE_GATEWAY_SECRET, JADE_VENDOR_KEY).
import path from 'node:path';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';

const dist = path.join(path.dirname(new URL(import.meta.url).pathname), '../../apps/server/dist');
const load = (file) => import(pathToFileURL(path.join(dist, file)).href);
const [{ describeCliError, runCommand }, { loadConfig }, { openAndPrepareDb }, { loadSecrets }] =
  await Promise.all([
    load('cli/commands.js'),
    load('platform/config.js'),
    load('boot.js'),
    load('platform/secrets.js'),
  ]);

const config = loadConfig();
const { db } = await openAndPrepareDb(config);

const run = async ({ args, env = {} }) => {
  const lines = [];
  try {
    await runCommand(args, db, (line) => lines.push(line), {
      operatorPassword: env.JADE_OPERATOR_PASSWORD,
      gatewaySecret: env.JADE_GATEWAY_SECRET,
      vendorKey: env.JADE_VENDOR_KEY,
      serverSecret: () => loadSecrets(config).sessionSecret,
    });
    return { ok: true, stdout: lines.map((line) => `${line}\n`).join('') };
  } catch (error) {
    const described = describeCliError(error);
    const message = described
      ? `jade: ${described}`
      : String(error instanceof Error ? (error.stack ?? error.message) : error);
    return { ok: false, message: `${message}\n${lines.join('\n')}` };
  }
};

let queue = Promise.resolve();
createInterface({ input: process.stdin }).on('line', (line) => {
  const request = JSON.parse(line);
  queue = queue.then(async () => {
    process.stdout.write(`${JSON.stringify({ cli: true, id: request.id, ...(await run(request)) })}\n`);
  });
});
process.stdin.on('end', () => {
  void queue.then(() => process.exit(0));
});
process.stdout.write(`${JSON.stringify({ cli: true, ready: true })}\n`);
