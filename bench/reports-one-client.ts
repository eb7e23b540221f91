// One client, requests one after another, against the reports benchmark's server (5,000 jobs, 100,000
// runs today, SQLite file unless BENCH_DATABASE_URL): the time of one answer, less sensitive to other
// load on the machine than 20 clients' p95 (issue 19). Prints min and median per answer of each report
// and of an authenticated no-op. Run: `npx tsx --conditions=source bench/reports-one-client.ts [requests]`.
import { startReportBenchServer } from './legacy-report.bench.js';

const WARM_UP = 10;
const REQUESTS = Number(process.argv[2] ?? 50);

function today(): string {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}${pad(now.getMonth() + 1)}${pad(now.getDate())}`;
}

async function timesOf(url: string, token: string): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < WARM_UP + REQUESTS; i++) {
    const t0 = performance.now();
    const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
    await response.text();
    const elapsed = performance.now() - t0;
    if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
    if (i >= WARM_UP) times.push(elapsed);
  }
  return times.sort((a, b) => a - b);
}

const server = await startReportBenchServer();
try {
  const token = server.login.access_token;
  const day = today();
  const cases = {
    'Daily Report (C0)': `${server.address}/v1/legacy/daily-report?sid=555&company_code=C0&date_from=${day}&date_to=${day}`,
    'Expected Run Job (all)': `${server.address}/v1/legacy/expected-running-job-report?sid=555`,
    '/v1/auth/me': `${server.address}/v1/auth/me`,
  };
  for (const [name, url] of Object.entries(cases)) {
    const times = await timesOf(url, token);
    const median = times[Math.floor(times.length / 2)] ?? NaN;
    console.log(
      `${name}: min ${times[0]?.toFixed(2)} ms, median ${median.toFixed(2)} ms (${REQUESTS} requests)`,
    );
  }
} finally {
  await server.close();
}
