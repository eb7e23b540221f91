import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ssh2 from 'ssh2';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { demoPaths } from './demo-layout.js';
import { generateDemoHostKey, loadOrCreateDemoSecrets } from './demo-peers.js';

const readable = (key: string) => !(ssh2.utils.parseKey(key) instanceof Error);

/** ssh2 writes about 1 in 256 generated ed25519 keys in a form it cannot read back: find one. */
function unreadableKey(): string {
  for (let i = 0; i < 20_000; i++) {
    const key = ssh2.utils.generateKeyPairSync('ed25519').private;
    if (!readable(key)) return key;
  }
  throw new Error('ssh2 generated no unreadable key in 20000 tries');
}

describe("the demo sFTP server's host key", () => {
  let bad: string;
  let dataDir: string | undefined;
  beforeAll(() => {
    bad = unreadableKey();
  });
  afterEach(() => {
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    dataDir = undefined;
  });

  it('is never one that ssh2 cannot read back', () => {
    const good = generateDemoHostKey();
    const tries: string[] = [bad, bad, good];
    expect(generateDemoHostKey(() => tries.shift() ?? '')).toBe(good);
    expect(() => generateDemoHostKey(() => bad)).toThrow(
      /could not generate an ed25519 key that ssh2 can read/,
    );
  });

  it('replaces a kept key that cannot be read, with a warning', () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lis-demo-key-'));
    const paths = demoPaths(dataDir);
    fs.mkdirSync(path.dirname(paths.hostKey), { recursive: true });
    fs.writeFileSync(paths.hostKey, bad, { mode: 0o600 });
    const warnings: string[] = [];
    const { hostKey } = loadOrCreateDemoSecrets(paths, (_, message) => warnings.push(message));
    expect(readable(hostKey)).toBe(true);
    expect(fs.readFileSync(paths.hostKey, 'utf8')).toBe(hostKey);
    expect(fs.statSync(paths.hostKey).mode & 0o777).toBe(0o600);
    expect(warnings).toEqual([expect.stringMatching(/host key cannot be read/)]);
    // A readable kept key stays as it is.
    expect(loadOrCreateDemoSecrets(paths, (_, message) => warnings.push(message)).hostKey).toBe(hostKey);
    expect(warnings).toHaveLength(1);
  });
});
