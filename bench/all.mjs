// bench/all: every script under bench/ in one table, on SQLite and on a throwaway PostgreSQL cluster
// (fsync and synchronous_commit on, as an operator runs it), each figure beside its ceiling measured in
// the same run and the ratio between them, the median of --runs runs. Each script prints its figures
// as a last `bench-json:` line (bench/support.mjs printResult); this runs them one after another
// (never two at once: they would measure each other), gathers those lines, and writes the markdown
// table to stdout and into docs/performance.md between its `bench:table` markers.
// Every script starts from a settled cluster (bench/support.mjs settleCluster: the databases a script
// left dropped, a CHECKPOINT, no autovacuum worker and a calm machine, a bounded wait), and so does every
// pgbench ceiling; a ratio is the median of each run's figure over that run's own ceiling.
// `npm run bench` builds first; this builds nothing.
//   node bench/all.mjs [--runs 3] [--quick] [--only name,name] [--skip name,name] [--no-pg] [--no-write]
//   --quick: small sizes and one run (a few minutes), to try it; the table says so.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { findPostgresBin, startPostgres } from '../scripts/postgres.mjs';
import { describeMachine, machine, median, RESULT_PREFIX, root, settleCluster } from './support.mjs';

const { values } = parseArgs({
  options: {
    runs: { type: 'string' },
    quick: { type: 'boolean', default: false },
    only: { type: 'string' },
    skip: { type: 'string' },
    'no-pg': { type: 'boolean', default: false },
    'no-write': { type: 'boolean', default: false },
  },
});
const QUICK = values.quick;
const RUNS = Number(values.runs ?? (QUICK ? 1 : 3));
const pick = (quick, full) => (QUICK ? quick : full);
const SECONDS = pick('3', '10');

/**
 * The scripts and their arguments. `sqlite`/`pg`: the databases it runs on (a script that makes sense
 * on one only shows "—" for the other). Each is run once a run with its own --runs 1 where it has one,
 * so every figure is the median over this script's runs.
 */
const jobs = [
  { name: 'ledger', args: ['--transfers', pick('2000', '20000'), '--runs', '1', '--skip-http'], pg: true },
  ...['transfer', 'balance', 'games'].map((call) => ({
    name: `ledger-http-${call}`,
    script: 'ledger-http',
    args: ['--call', call, '--seconds', SECONDS, '--runs', '1'],
    pg: true,
  })),
  {
    name: 'games',
    args: ['--seconds', SECONDS, '--runs', '1', '--spins', pick('1000000', '10000000')],
    pgArgs: ['--only', 'http'],
    pg: true,
  },
  { name: 'engagement-unread', args: ['--seconds', SECONDS, '--runs', '1'], pg: true },
  { name: 'lottery-settle', args: ['--bets', pick('20000', '1000000')], pg: true },
  { name: 'engagement', args: ['--bets', pick('20000', '1000000')], pg: true },
  { name: 'agents', args: pick(['--members', '10000', '--bets', '100000'], []), pg: true },
  { name: 'lottery-statistics', args: ['--calls', pick('50', '200')], pg: false },
  // Several instances behind the cluster's balancer: PostgreSQL only (sqlite: false).
  { name: 'scale', args: ['--seconds', SECONDS], pg: true, sqlite: false },
  { name: 'idle', args: pick(['--seconds', '20', '--load-seconds', '3'], []), pg: true },
  { name: 'web-size', args: pick(['/index'], []), pg: false, database: 'none' },
  { name: 'lighthouse', args: ['--runs', '1', ...pick(['/index'], [])], pg: false, database: 'none' },
].filter((job) => {
  const only = values.only?.split(',');
  const skip = values.skip?.split(',') ?? [];
  return (!only || only.includes(job.name)) && !skip.includes(job.name);
});

// A script not written yet is left out.
const present = jobs.filter((job) =>
  fs.existsSync(path.join(root, 'bench', `${job.script ?? job.name}.mjs`)),
);

const usePg = !values['no-pg'] && present.some((job) => job.pg);
let cluster;
if (usePg) {
  const bin = findPostgresBin();
  if (!bin)
    throw new Error(
      'PostgreSQL binaries (initdb, pg_ctl) not found: apt-get install postgresql (or --no-pg)',
    );
  cluster = await startPostgres(bin, { durable: true });
}

/** Runs one script, its output passed through; answers the results of its `bench-json:` lines. */
const runScript = (job, pg) =>
  new Promise((resolve, reject) => {
    const args = [
      path.join(root, 'bench', `${job.script ?? job.name}.mjs`),
      ...job.args,
      ...(pg ? ['--pg', ...(job.pgArgs ?? [])] : []),
    ];
    const child = spawn(process.execPath, args, {
      cwd: root,
      env: { ...process.env, ...(pg ? { TEST_POSTGRES_URL: cluster.url } : {}) },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const results = [];
    let last = '';
    let buffer = '';
    child.stdout.on('data', (chunk) => {
      buffer += chunk;
      const lines = buffer.split('\n');
      buffer = lines.pop();
      for (const line of lines) {
        if (line.startsWith(RESULT_PREFIX)) results.push(JSON.parse(line.slice(RESULT_PREFIX.length)));
        else {
          console.log(`  ${line}`);
          if (line.trim()) last = line.trim();
        }
      }
    });
    child.on('error', reject);
    child.on('exit', (code) => {
      if (buffer.startsWith(RESULT_PREFIX)) results.push(JSON.parse(buffer.slice(RESULT_PREFIX.length)));
      if (code !== 0) console.log(`  (${job.name} exited ${code})`);
      resolve({ results, code, last });
    });
  });

/** rows: `${figure name}` → { unit, better, target, byDb: { SQLite: [figure...], PostgreSQL: [...] } } */
const rows = new Map();
const failures = [];
const started = Date.now();
const loads = [];
try {
  for (let run = 1; run <= RUNS; run++)
    for (const job of present)
      for (const pg of job.database === 'none'
        ? [false]
        : [...(job.sqlite === false ? [] : [false]), ...(job.pg && cluster ? [true] : [])]) {
        console.log(
          `== run ${run}/${RUNS}: ${job.name}${job.database === 'none' ? '' : pg ? ' on PostgreSQL' : ' on SQLite'}`,
        );
        // The previous script's aftermath (a 1,000,000-bet settlement's checkpoint and autovacuum) must
        // not land in this one, on either database: both share the machine.
        if (cluster) await settleCluster({ url: cluster.url, dropLeft: true, maxSeconds: 15 });
        loads.push(machine().load[0]);
        const { results, code, last } = await runScript(job, pg);
        // A script without a result line (one not written for this table) shows its last line.
        if (results.length === 0 && code === 0)
          results.push({
            script: job.name,
            database: pg ? 'PostgreSQL' : 'SQLite',
            figures: [{ name: job.name, value: NaN, unit: '', text: last.replaceAll('|', '/') }],
          });
        if (results.length === 0) failures.push(`${job.name}${pg ? ' (PostgreSQL)' : ''} run ${run}`);
        for (const result of results)
          for (const figure of result.figures) {
            const key = figure.name;
            if (!rows.has(key))
              rows.set(key, {
                script: result.script,
                unit: figure.unit,
                better: figure.better ?? 'higher',
                target: figure.target,
                byDb: {},
              });
            (rows.get(key).byDb[result.database] ??= []).push({ ...figure, run });
          }
      }
} finally {
  cluster?.stop();
}

const number = (x) =>
  x === undefined || Number.isNaN(x)
    ? '—'
    : Math.abs(x) >= 100
      ? Math.round(x).toLocaleString('en-US')
      : Number(x.toPrecision(3)).toLocaleString('en-US');
/**
 * The median of one database's figures over the runs: value, p99, ceiling, ratio. The ratio is the
 * median of each run's own ratio (its figure over the ceiling measured in the same run), not the ratio
 * of the medians: a run whose ceiling collapsed then moves only its own ratio. A ceiling less than half
 * of the others' median (for a time, more than twice) is flagged with its run.
 */
const cell = (figures) => {
  if (!figures?.length) return { figure: '—', ceiling: '—', ratio: '—' };
  if (figures.every((f) => Number.isNaN(f.value)))
    return { figure: figures.at(-1).text, ceiling: '—', ratio: '—' };
  const value = median(figures.map((f) => f.value)).value;
  const p99s = figures.map((f) => f.p99).filter((p) => p !== undefined);
  const statements = figures.map((f) => f.statements).filter((n) => n !== undefined);
  const figure = [
    number(value),
    ...(p99s.length ? [`p99 ${number(median(p99s).value)} ms`] : []),
    ...(statements.length ? [`${number(median(statements).value)} statements a call`] : []),
  ].join(', ');
  const measured = figures.filter((f) => f.ceiling && !Number.isNaN(f.value));
  if (!measured.length) return { figure, ceiling: '—', ratio: '—' };
  const lower = figures[0].better === 'lower';
  const top = median(measured.map((f) => f.ceiling.value)).value;
  // The ratio reads "share of the ceiling reached": for a time, ceiling time over the figure's time.
  const ratios = measured.map((f) => (lower ? f.ceiling.value / f.value : f.value / f.ceiling.value));
  const shown = (r) => (r >= 0.1 ? r.toFixed(2) : r.toPrecision(2));
  // A ceiling far worse than the others' median: that run's cluster or machine was not what it was.
  const flags = measured
    .filter((f) => {
      const others = measured.filter((g) => g !== f).map((g) => g.ceiling.value);
      const share = others.length ? f.ceiling.value / median(others).value : 1;
      return lower ? share > 2 : share < 0.5;
    })
    .map((f) => `run ${f.run}: ${number(f.ceiling.value)}`);
  const { name, unit } = measured[0].ceiling;
  return {
    figure,
    ceiling: `${name}: ${number(top)} ${unit}${flags.length ? ` (⚠ ${flags.join(', ')}: far off the others)` : ''}`,
    ratio: `${shown(median(ratios).value)}${ratios.length > 1 ? ` (${ratios.map(shown).join(', ')})` : ''}`,
  };
};

const m = machine();
const minutes = ((Date.now() - started) / 60_000).toFixed(1);
const lines = [
  `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC by \`${QUICK ? 'npm run bench -- --quick' : 'npm run bench'}\`${QUICK ? ' (quick mode: small sizes, one run; not the figures to quote)' : ''}, median of ${RUNS} run${RUNS === 1 ? '' : 's'}, ${minutes} minutes.`,
  `Machine: ${m.cores} × ${m.cpu}, ${m.ramGiB} GiB RAM, Node ${m.node}; load average (1 min) while the scripts started: ${number(Math.min(...loads))}–${number(Math.max(...loads))} (${m.cores} cores).`,
  `PostgreSQL: ${cluster ? 'a throwaway cluster (scripts/postgres.mjs, durable: fsync, synchronous_commit and full_page_writes on), 50 client connections for HTTP loads' : 'not run'}.`,
  '',
  '| script | figure | unit | SQLite | its ceiling | ratio | PostgreSQL | its ceiling | ratio |',
  '|---|---|---|---|---|---|---|---|---|',
];
for (const [name, row] of rows) {
  const sqlite = cell(row.byDb.SQLite ?? row.byDb.none);
  const postgres = cell(row.byDb.PostgreSQL);
  const target = row.target === undefined ? '' : ` (target ${number(row.target)})`;
  lines.push(
    `| ${row.script} | ${name}${target} | ${row.unit} | ${sqlite.figure} | ${sqlite.ceiling} | ${sqlite.ratio} | ${postgres.figure} | ${postgres.ceiling} | ${postgres.ratio} |`,
  );
}
if (failures.length) lines.push('', `No figures from: ${failures.join(', ')} (see the log above).`);
const table = lines.join('\n');
console.log(`\n${table}\n`);

if (!values['no-write']) {
  const file = path.join(root, 'docs/performance.md');
  const begin = '<!-- bench:table -->';
  const end = '<!-- /bench:table -->';
  const text = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : `# Performance\n\n${begin}\n${end}\n`;
  if (!text.includes(begin) || !text.includes(end))
    throw new Error(`${file} has no ${begin} … ${end} markers`);
  const before = text.slice(0, text.indexOf(begin) + begin.length);
  const after = text.slice(text.indexOf(end));
  fs.writeFileSync(file, `${before}\n${table}\n${after}`);
  console.log(`written to docs/performance.md (between the ${begin} markers)`);
}
if (failures.length) process.exitCode = 1;
console.log(`machine now: ${describeMachine()}`);
