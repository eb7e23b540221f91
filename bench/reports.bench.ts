// Benchmark: the report endpoints over 5,000 jobs with 100,000 runs (DESIGN §8: lists p95 < 200 ms
// with 20 concurrent clients) — the Daily Report of the runs' day and the Expected Run Job report
// (5,000 jobs' cron triggers computed on each call). Run with `npm run bench`.
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

async function measure(
  urlOf: (client: number) => string,
  token: string,
  check: (body: { total_count: number }) => void,
) {
  const latencies: number[] = [];
  let bytes = 0;
  const client = async (_: unknown, index: number) => {
    const url = urlOf(index);
    for (let i = 0; i < REQUESTS_PER_CLIENT; i++) {
      const t0 = performance.now();
      const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
      const text = await response.text();
      latencies.push(performance.now() - t0);
      if (response.status !== 200)
        throw new Error(`${url} answered ${response.status}: ${text.slice(0, 300)}`);
      // The server runs in this process: each client parses its first answer into objects and checks
      // the others by their end, so that parsing is not billed to the server's next answers.
      check(
        i === 0
          ? (JSON.parse(text) as { total_count: number })
          : { total_count: Number(/"total_count":(\d+)}$/.exec(text)?.[1]) },
      );
      bytes = text.length;
    }
  };
  await Promise.all(Array.from({ length: CLIENTS }, client));
  return { latencies, bytes };
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
      (body) => {
        if (body.total_count !== REPORT_JOBS / 10) throw new Error(`daily report: ${body.total_count} rows`);
      },
    );
    const expected = await measure(
      () => `${server.address}/v1/legacy/expected-running-job-report?sid=555`,
      token,
      () => undefined,
    );
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
      row('GET /v1/legacy/expected-running-job-report (every company)', expected),
    ];
  } finally {
    await server.close();
  }
}
