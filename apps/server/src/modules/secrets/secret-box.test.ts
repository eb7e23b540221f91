import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SecretBox, SecretDecryptError, type SecretSlot } from './secret-box.js';

const slot: SecretSlot = { table: 'sftp_servers', company: 'A', id: 'srv1', column: 'password_enc' };

describe('SecretBox', () => {
  const box = new SecretBox(crypto.randomBytes(32));

  it('round-trips, with a fresh IV every time and no plaintext in the ciphertext', () => {
    const secret = 'pässwörd-ไทย-123';
    const a = box.seal(secret, slot);
    const b = box.seal(secret, slot);
    expect(a).toMatch(/^v1:[A-Za-z0-9+/]+=*$/);
    expect(a).not.toEqual(b);
    expect(a).not.toContain(secret);
    expect(box.open(a, slot)).toBe(secret);
    expect(box.open(box.seal('', slot), slot)).toBe('');
  });

  it('refuses a ciphertext moved to another row, company, table or column', () => {
    const sealed = box.seal('secret', slot);
    for (const other of [
      { ...slot, id: 'srv2' },
      { ...slot, company: 'B' },
      { ...slot, table: 'api_servers' },
      { ...slot, column: 'private_key_enc' },
    ]) {
      expect(() => box.open(sealed, other)).toThrow(SecretDecryptError);
    }
  });

  it('refuses a tampered ciphertext, a foreign key and garbage', () => {
    const sealed = box.seal('secret', slot);
    const raw = Buffer.from(sealed.slice(3), 'base64');
    for (const index of [0, 12, raw.length - 1]) {
      const copy = Buffer.from(raw);
      copy[index] = (copy[index] ?? 0) ^ 1;
      expect(() => box.open('v1:' + copy.toString('base64'), slot)).toThrow(SecretDecryptError);
    }
    expect(() => new SecretBox(crypto.randomBytes(32)).open(sealed, slot)).toThrow(SecretDecryptError);
    expect(() => box.open('secret', slot)).toThrow(SecretDecryptError);
    expect(() => box.open('v1:AAAA', slot)).toThrow(SecretDecryptError);
  });
});
