// bench/scale: wallet transfers/s and game-list requests/s through the cluster's balancer
// (scripts/cluster.mjs) with 1, 2 and 3 server instances on one PostgreSQL (fsync on) and Redis, each
// with its p99, beside pgbench's ceiling on the same cluster (tpcb-like for transfers, select-only for
// the list), and the CPU each part spent per call (the instances together, the balancer), which says
// where the time goes when more instances add no cores. The balancer runs in a process of its own.
// Run `npm run build` first (`npm run bench:scale` does).
//   node bench/scale.mjs [--instances 1,2,3] [--seconds 10] [--connections 50]
//   TEST_POSTGRES_URL=... node bench/scale.mjs --pg   (bench/all.mjs: its durable cluster)
// Without TEST_POSTGRES_URL it starts a durable throwaway PostgreSQL of its own.
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { startCluster } from '../scripts/cluster.mjs';
import { findPostgresBin, startPostgres } from '../scripts/postgres.mjs';
import { startRedis } from '../scripts/redis.mjs';
import {
  benchDatabase,
  dist,
  gameListRequest,
  load,
  pgbenchCeiling,
  prepareMemberLoad,
  printMachine,
  printResult,
  processCpuMs,
  transferRequest,
} from './support.mjs';

const { values } = parseArgs({
  options: {
    instances: { type: 'string', default: '1,2,3' },
    seconds: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    // Accepted for bench/all.mjs: this script runs on PostgreSQL only.
    pg: { type: 'boolean', default: false },
  },
});
const COUNTS = values.instances.split(',').map(Number);
const SECONDS = Number(values.seconds);
const CONNECTIONS = Number(values.connections);
if (!fs.existsSync(`${dist}/main.js`)) throw new Error('run `npm run build` first');
printMachine();

let ownPostgres;
if (!process.env.TEST_POSTGRES_URL) {
  const bin = findPostgresBin();
  if (!bin) throw new Error('PostgreSQL binaries (initdb, pg_ctl) not found: apt-get install postgresql');
  ownPostgres = await startPostgres(bin, { durable: true });
  process.env.TEST_POSTGRES_URL = ownPostgres.url;
}
const redis = process.env.TEST_REDIS_URL ? undefined : await startRedis();
const redisUrl = process.env.TEST_REDIS_URL ?? redis.url;

// One database for every size: migrated, seeded, members funded and logged in once.
const database = await benchDatabase('scale', { pg: true });
const prepared = await prepareMemberLoad(database.env, CONNECTIONS);

/** One load through the balancer, with the CPU the instances and the balancer spent per call (µs). */
const measure = async (cluster, request) => {
  const pids = cluster.instances.map((i) => i.process.pid);
  // A second unmeasured: pools open their connections and memos fill.
  await load({ url: cluster.url, connections: CONNECTIONS, seconds: 1, requests: [request] });
  const before = { instances: pids.map(processCpuMs), balancer: processCpuMs(cluster.balancer.pid) };
  const result = await load({
    url: cluster.url,
    connections: CONNECTIONS,
    seconds: SECONDS,
    requests: [request],
  });
  const calls = Math.max(1, result.total);
  const instancesCpu = pids.reduce((sum, pid, i) => sum + processCpuMs(pid) - before.instances[i], 0);
  return {
    ...result,
    instancesCpu: (instancesCpu * 1000) / calls,
    balancerCpu: ((processCpuMs(cluster.balancer.pid) - before.balancer) * 1000) / calls,
  };
};

const figures = [];
const rows = [];
try {
  for (const count of COUNTS) {
    const cluster = await startCluster({
      instances: count,
      databaseUrl: database.databaseUrl,
      prepared: true,
      redisUrl,
      balancerProcess: true,
      env: { ...database.env, LOG_LEVEL: 'silent', WEB_DIST: `${database.dir}/none` },
    });
    try {
      const transfers = await measure(cluster, transferRequest(prepared, `scale${count}-`));
      const list = await measure(cluster, gameListRequest(prepared));
      rows.push({ count, transfers, list });
      for (const [name, r] of [
        ['transfers', transfers],
        ['game list', list],
      ])
        console.log(
          `${count} instance${count === 1 ? '' : 's'}: ${name} ${Math.round(r.rate)}/s (${r.ok} ok, ${r.non2xx} non-2xx, ${r.errors} errors), p50 ${r.p50} ms, p99 ${r.p99} ms; CPU per call: instances ${Math.round(r.instancesCpu)} µs, balancer ${Math.round(r.balancerCpu)} µs`,
        );
    } finally {
      await cluster.stop();
    }
  }
  const tpcb = await pgbenchCeiling({ mode: 'tpcb-like', clients: CONNECTIONS, seconds: SECONDS });
  const select = await pgbenchCeiling({ mode: 'select-only', clients: CONNECTIONS, seconds: SECONDS });
  console.log(
    `pgbench on the same cluster: tpcb-like ${Math.round(tpcb)} tps, select-only ${Math.round(select)} tps`,
  );
  for (const { count, transfers, list } of rows) {
    const suffix = `${count} instance${count === 1 ? '' : 's'}`;
    figures.push(
      {
        name: `cluster transfers, ${suffix}`,
        value: transfers.rate,
        unit: 'transfers/s',
        p99: transfers.p99,
        ceiling: { name: 'pgbench tpcb-like', value: tpcb, unit: 'tps' },
      },
      {
        name: `cluster game list, ${suffix}`,
        value: list.rate,
        unit: 'req/s',
        p99: list.p99,
        ceiling: { name: 'pgbench select-only', value: select, unit: 'tps' },
      },
    );
  }
} finally {
  await database.drop();
  await redis?.stop();
  ownPostgres?.stop();
}
printResult('scale', 'PostgreSQL', figures);
