// Benchmark: the report endpoints over 5,000 jobs with 100,000 runs (DESIGN §8: lists p95 < 200 ms
// with 20 concurrent clients) — the Daily Report of the runs' day and the Expected Run Job report
// (5,000 jobs' cron triggers computed on each call). Run with `npm run bench`.
import { once } from 'node:events';
import { Worker } from 'node:worker_threads';
import SqliteDatabase from 'better-sqlite3';
import { percentile, type BenchResult } from './bench-result.js';
import { REPORT_JOBS, startReportBenchServer } from './legacy-report.bench.js';

const CLIENTS = 20;
const REQUESTS_PER_CLIENT = 10;

/** `yyyymmdd` of today in the zone the server runs in (the benchmark's process zone). */
function today(): string {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}${pad(now.getMonth() + 1)}${pad(now.getDate())}`;
}

/**
 * The 20 clients, in a thread of their own: real clients are not in the server's process, and
 * receiving 20 answers of 170–600 KiB at once on the server's event loop (HTTP parsing, copies) was
 * the largest cost left on that loop. They still share the machine's 2 cores with the server. Each
 * client sends one request first, not counted (a server that has just started loads its report reader
 * threads and the database's pages: ~1.4 s), then REQUESTS_PER_CLIENT requests one after another,
 * each timed to its last byte; the first answer is parsed, the others checked by their last bytes.
 * They use node:http with keep-alive (until session 12 fetch, whose undici body stream cost the shared
 * cores ~30 ms of the Expected Run Job's p95 for its 1 MB answers: not the server's time).
 */
const CLIENTS_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const http = require('node:http');
const { urls, token, requests } = workerData;
const agent = new http.Agent({ keepAlive: true, maxSockets: urls.length });
const tail = (bytes) => bytes.subarray(Math.max(0, bytes.length - 64)).toString('utf8');
function get(url) {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { agent, headers: { authorization: 'Bearer ' + token } }, (response) => {
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode, body: Buffer.concat(chunks) }));
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}
async function request(url, parse) {
  const t0 = performance.now();
  const { status, body } = await get(url);
  const elapsed = performance.now() - t0;
  if (status !== 200) throw new Error(url + ' answered ' + status + ': ' + body.subarray(0, 300).toString('utf8'));
  const total = parse
    ? JSON.parse(body.toString('utf8')).total_count
    : Number(/"total_count":(\\d+)}$/.exec(tail(body))?.[1]);
  return { elapsed, total, bytes: body.length };
}
(async () => {
  const totals = [];
  await Promise.all(urls.map(async (url) => totals.push((await request(url, true)).total)));
  const latencies = [];
  let bytes = 0;
  await Promise.all(urls.map(async (url) => {
    for (let i = 0; i < requests; i++) {
      const answer = await request(url, false);
      latencies.push(answer.elapsed);
      totals.push(answer.total);
      bytes = answer.bytes;
    }
  }));
  parentPort.postMessage({ latencies, totals, bytes });
})().catch((error) => parentPort.postMessage({ error: String(error && error.stack || error) }));
`;

async function measure(urlOf: (client: number) => string, token: string, check: (total: number) => void) {
  const urls = Array.from({ length: CLIENTS }, (_, client) => urlOf(client));
  const worker = new Worker(CLIENTS_SOURCE, {
    eval: true,
    workerData: { urls, token, requests: REQUESTS_PER_CLIENT },
  });
  try {
    const [reply] = (await once(worker, 'message')) as [
      { latencies: number[]; totals: number[]; bytes: number } | { error: string },
    ];
    if ('error' in reply) throw new Error(`report clients: ${reply.error}`);
    for (const total of reply.totals) check(total);
    return { latencies: reply.latencies, bytes: reply.bytes };
  } finally {
    await worker.terminate();
  }
}

/**
 * Runs `measure` while another connection commits a one-row update of a run every `everyMs`: its
 * lease, as a worker's heartbeat writes it (an update that changes nothing commits nothing, and
 * `PRAGMA data_version` would not move).
 */
async function whileCommitting<T>(
  sqliteFile: string,
  everyMs: number,
  measure: () => Promise<T>,
): Promise<T> {
  const writer = new SqliteDatabase(sqliteFile);
  writer.pragma('busy_timeout = 5000');
  const touch = writer.prepare(
    'update job_runs set lease_until = ? where rowid = (select rowid from job_runs limit 1 offset ?)',
  );
  let commits = 0;
  const timer = setInterval(() => touch.run(Date.now(), commits++ % 1_000), everyMs);
  try {
    return await measure();
  } finally {
    clearInterval(timer);
    writer.close();
  }
}

export async function benchReports(): Promise<BenchResult[]> {
  const server = await startReportBenchServer();
  const token = server.login.access_token;
  const day = today();
  try {
    // Each client an operator of one of the ten companies: 500 jobs, 10,000 runs of the day.
    const daily = await measure(
      (client) =>
        `${server.address}/v1/legacy/daily-report?sid=555&company_code=C${client % 10}&date_from=${day}&date_to=${day}`,
      token,
      (total) => {
        if (total !== REPORT_JOBS / 10) throw new Error(`daily report: ${total} rows`);
      },
    );
    // As the console asks it for one company (an operator's screen): each client one of the ten.
    const expectedOfCompany = await measure(
      (client) =>
        `${server.address}/v1/legacy/expected-running-job-report?sid=555&company_code=C${client % 10}`,
      token,
      (total) => {
        if (!(total > 0 && total <= REPORT_JOBS / 10))
          throw new Error(`expected run job report: ${total} rows`);
      },
    );
    // Every company at once (a super admin's screen): 20 clients asking the same 5,000 rows.
    const everyCompany = () =>
      measure(
        () => `${server.address}/v1/legacy/expected-running-job-report?sid=555`,
        token,
        (total) => {
          if (!(total > 0)) throw new Error(`expected run job report: ${total} rows`);
        },
      );
    const expected = await everyCompany();
    // The same with a writer beside (SQLite): a commit every 50 ms, as a hub's runs write all day
    // (100,000 runs a day, each ~10 commits, are ~12 commits/s on average). A running read is joined
    // only while nothing was committed since it began (report-read-pool.ts), so this shows what the
    // join is worth when the scheduler writes.
    const expectedWhileWriting = server.sqliteFile
      ? await whileCommitting(server.sqliteFile, 50, everyCompany)
      : undefined;
    const row = (name: string, result: { latencies: number[]; bytes: number }): BenchResult => ({
      name: `${name}, ${REPORT_JOBS} jobs, 100,000 runs (${server.dialect})`,
      unit: 'ms',
      p50: percentile(result.latencies, 50),
      p95: percentile(result.latencies, 95),
      p99: percentile(result.latencies, 99),
      extra: `${CLIENTS} concurrent clients, ${Math.round(result.bytes / 1024)} KiB JSON`,
      budget: '< 200 ms p95 (DESIGN §8)',
    });
    return [
      row('GET /v1/legacy/daily-report (one day, one company of ten)', daily),
      row('GET /v1/legacy/expected-running-job-report (one company of ten)', expectedOfCompany),
      row('GET /v1/legacy/expected-running-job-report (every company)', expected),
      ...(expectedWhileWriting
        ? [
            row(
              'GET /v1/legacy/expected-running-job-report (every company, a commit every 50 ms)',
              expectedWhileWriting,
            ),
          ]
        : []),
    ];
  } finally {
    await server.close();
  }
}
