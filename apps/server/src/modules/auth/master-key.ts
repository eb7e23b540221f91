import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * The master key encrypts secrets at rest and, through HKDF, signs LIS tokens. Taken from
 * LIS_MASTER_KEY, else read from (or generated into) `<data>/keys/master.key` with mode 0600.
 */
export function loadMasterKey(
  configured: Buffer | undefined,
  dataDir: string,
): { key: Buffer; generated: boolean } {
  if (configured) return { key: configured, generated: false };
  const file = path.join(dataDir, 'keys', 'master.key');
  if (fs.existsSync(file)) {
    const key = Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64');
    if (key.length !== 32) throw new Error(`${file} does not hold base64 of 32 bytes`);
    return { key, generated: false };
  }
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const key = crypto.randomBytes(32);
  fs.writeFileSync(file, key.toString('base64') + '\n', { mode: 0o600, flag: 'wx' });
  return { key, generated: true };
}

export function deriveKey(masterKey: Buffer, purpose: string): Uint8Array {
  return new Uint8Array(crypto.hkdfSync('sha256', masterKey, Buffer.alloc(0), `lis:${purpose}`, 32));
}
