import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { eventually } from '../apps/server/src/test-support/eventually.js';
import { REPO_ROOT } from './support/paths.js';

/**
 * The README's own command, as a user runs it: `npm start`, Ctrl-C, `npm start` again on the same
 * data folder — up and signed in both times. A second `npm start` on a folder that a running LIS
 * holds refuses with a clear message. The suite's other files start `dist/main.js` directly; this one
 * goes through `npm start` (scripts/start.mjs and its "is the build outdated" walk), which crashed on
 * every start after the first when `apps/web/dist` existed.
 */
const HOST = '127.0.0.1';
const PASSWORD = 'Restart-test-password-1';
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lis-restart-'));
const started: NpmStart[] = [];

interface NpmStart {
  child: ChildProcess;
  output(): string;
  exit: Promise<number | null>;
}

afterAll(() => {
  for (const { child } of started) if (child.exitCode === null && child.pid) killGroup(child.pid, 'SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

function killGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // already gone
  }
}

/**
 * A free loopback port below the kernel's ephemeral range (32768–60999 on Linux), which the OS never
 * hands to a port-0 bind: a probed ephemeral port, once released, was taken by the demo's own peers
 * (they bind port 0 while LIS starts) before LIS listened on it — EADDRINUSE, a flaky start.
 */
async function freePort(): Promise<number> {
  for (let tries = 0; tries < 50; tries++) {
    const port = 20_000 + crypto.randomInt(12_000);
    if (await canListen(port)) return port;
  }
  throw new Error('no free loopback port between 20000 and 32000');
}

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, HOST, () => probe.close(() => resolve(true)));
  });
}

/** `npm start` in its own process group, as a terminal runs it (Ctrl-C reaches the whole group). */
function npmStart(port: number): NpmStart {
  const chunks: string[] = [];
  const child = spawn('npm', ['start'], {
    cwd: REPO_ROOT,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      HOME: process.env.HOME ?? dataDir,
      LANG: 'C.UTF-8',
      TZ: 'UTC',
      LIS_DATA_DIR: dataDir,
      LIS_HOST: HOST,
      LIS_PORT: String(port),
      LIS_ADMIN_PASSWORD: PASSWORD,
      LIS_LOG_LEVEL: 'info',
      // The demo's peers and generator start and stop with the product, as on a user's first start.
      LIS_DEMO: 'on',
    },
  });
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => chunks.push(chunk));
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => chunks.push(chunk));
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const start = { child, output: () => chunks.join(''), exit };
  started.push(start);
  return start;
}

/** Waits until /readyz answers 200, or fails with what the process printed if it exits first. */
async function untilReady(start: NpmStart, url: string): Promise<void> {
  let exited = false;
  void start.exit.then(() => (exited = true));
  await eventually(
    async () => {
      if (exited) throw new Error(`npm start exited before it was ready:\n${start.output()}`);
      try {
        const response = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(2_000) });
        return response.ok;
      } catch {
        return false; // not listening yet
      }
    },
    { timeout: 120_000, interval: 200, message: `${url}/readyz` },
  );
}

async function signIn(url: string): Promise<void> {
  const login = await fetch(`${url}/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: PASSWORD }),
  });
  expect(login.status).toBe(200);
  const { access_token: token } = (await login.json()) as { access_token: string };
  const companies = await fetch(`${url}/v1/company_master`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(companies.status).toBe(200);
  const console = await fetch(`${url}/`);
  expect(console.status).toBe(200);
  expect(await console.text()).toContain('<div id="root">');
}

/** Ctrl-C: SIGINT to the whole group; the server stops cleanly and npm exits. */
async function pressCtrlC(start: NpmStart): Promise<void> {
  killGroup(start.child.pid ?? 0, 'SIGINT');
  await start.exit;
  expect(start.output()).toContain('shutting down');
  expect(start.output()).toContain('"msg":"stopped"');
  // The database was closed cleanly (the WAL is checkpointed and removed) and the folder released.
  expect(fs.existsSync(path.join(dataDir, 'lis.sqlite-wal'))).toBe(false);
  expect(fs.existsSync(path.join(dataDir, 'lis.pid'))).toBe(false);
}

describe('npm start, Ctrl-C, npm start again on the same data folder', () => {
  it('comes up and signs in both times; a second start on a held folder refuses clearly', async () => {
    const port = await freePort();
    const url = `http://${HOST}:${port}`;

    const first = npmStart(port);
    await untilReady(first, url);
    await signIn(url);

    // The folder is held: another `npm start` on it (any port) refuses and says why.
    const intruder = npmStart(await freePort());
    expect(await intruder.exit).not.toBe(0);
    expect(intruder.output()).toMatch(/data folder .* is in use by another running LIS process \(pid \d+/);
    await signIn(url);

    await pressCtrlC(first);

    const second = npmStart(port);
    await untilReady(second, url);
    await signIn(url);
    // Nothing changed since the first start: the restart does not rebuild.
    expect(second.output()).not.toContain('npm run build');
    await pressCtrlC(second);
  }, 240_000);
});
