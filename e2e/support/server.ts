import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { eventually } from '../../apps/server/src/test-support/eventually.js';
import { REPO_ROOT, SERVER_MAIN, WEB_INDEX } from './paths.js';

/** A real LIS server process (the built `apps/server/dist/main.js`) on a loopback port. */
export interface LisServer {
  /** `http://127.0.0.1:<port>` without a trailing slash. */
  url: string;
  port: number;
  adminUsername: string;
  adminPassword: string;
  portalTokenSecret: string;
  portalUrl: string;
  dataDir: string;
  /** What the process printed so far (stdout and stderr), for failure messages. */
  output(): string;
  stop(): Promise<void>;
}

const HOST = '127.0.0.1';
const READY_TIMEOUT_MS = 60_000;

function randomSecret(bytes: number): string {
  return crypto.randomBytes(bytes).toString('base64url');
}

/** A port nobody listens on right now (the server may still lose a race for it: startServer retries). */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.once('error', reject);
    probe.listen(0, HOST, () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => (port ? resolve(port) : reject(new Error('no free port'))));
    });
  });
}

function exited(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}

/** True once the child has exited; false when it is still running after `timeoutMs`. */
function waitForExit(child: ChildProcess, timeoutMs: number): Promise<boolean> {
  return eventually(() => exited(child), { timeout: timeoutMs, message: 'the server to exit' }).catch(
    () => false,
  );
}

export function assertBuilt(): void {
  const missing = [SERVER_MAIN, WEB_INDEX].filter((file) => !fs.existsSync(file));
  if (missing.length) {
    throw new Error(`Not built: ${missing.join(', ')}. Run \`npm run build\` (npm test does it for you).`);
  }
}

/**
 * Starts the built server with a fresh data folder (embedded SQLite), a random admin password and
 * portal secret, waits until /readyz answers, and returns it. Call `stop()` in afterAll.
 */
export async function startServer(extraEnv: Record<string, string> = {}): Promise<LisServer> {
  assertBuilt();
  let lastError: unknown;
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      return await startOnce(await freePort(), extraEnv);
    } catch (error) {
      lastError = error;
      if (!(error instanceof PortTakenError)) throw error;
    }
  }
  throw lastError;
}

class PortTakenError extends Error {}

async function startOnce(port: number, extraEnv: Record<string, string>): Promise<LisServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lis-e2e-'));
  const url = `http://${HOST}:${port}`;
  const adminUsername = 'admin';
  const adminPassword = `E2e-${randomSecret(12)}`;
  const portalTokenSecret = randomSecret(32);
  const portalUrl = `${url}/portal-placeholder`;
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: process.env.HOME ?? dataDir,
    LANG: 'C.UTF-8',
    TZ: process.env.TZ ?? 'UTC',
    LIS_DATA_DIR: dataDir,
    LIS_HOST: HOST,
    LIS_PORT: String(port),
    LIS_ADMIN_USERNAME: adminUsername,
    LIS_ADMIN_PASSWORD: adminPassword,
    LIS_LOG_LEVEL: 'warn',
    LIS_PORTAL_TOKEN_SECRET: portalTokenSecret,
    LIS_PORTAL_URL: portalUrl,
    // Every request of the suite comes from 127.0.0.1: the wrong-password and bad-token tests must
    // not lock the others out.
    LIS_LOGIN_MAX_FAILURES: '1000',
    // The examples of the first start stay out of the suites; e2e/demo.e2e.ts turns them on.
    LIS_DEMO: 'off',
    ...extraEnv,
  };
  const chunks: string[] = [];
  const child = spawn(process.execPath, [SERVER_MAIN], {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => chunks.push(chunk));
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => chunks.push(chunk));
  const output = () => chunks.join('');
  // If the test worker dies, do not leave the server behind.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);

  const cleanup = async () => {
    process.removeListener('exit', killOnExit);
    if (!exited(child)) {
      child.kill('SIGTERM');
      if (!(await waitForExit(child, 10_000))) {
        child.kill('SIGKILL');
        await waitForExit(child, 5_000);
      }
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };

  const ready = async (): Promise<boolean> => {
    if (exited(child)) {
      await cleanup();
      const text = output();
      if (/EADDRINUSE/.test(text)) throw new PortTakenError(`port ${port} was taken`);
      throw new Error(
        `The LIS server exited (code ${child.exitCode}, signal ${child.signalCode}) before it was ready:\n${text}`,
      );
    }
    try {
      const response = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(2_000) });
      return response.ok;
    } catch {
      return false; // not listening yet
    }
  };
  try {
    await eventually(ready, { timeout: READY_TIMEOUT_MS, interval: 100, message: `${url}/readyz` });
  } catch (error) {
    if (exited(child)) throw error; // it exited: `ready` cleaned up and said why
    await cleanup();
    throw new Error(
      `The LIS server was not ready at ${url}/readyz within ${READY_TIMEOUT_MS / 1000} s:\n${output()}`,
      { cause: error },
    );
  }

  return {
    url,
    port,
    adminUsername,
    adminPassword,
    portalTokenSecret,
    portalUrl,
    dataDir,
    output,
    stop: cleanup,
  };
}
