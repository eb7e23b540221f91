import crypto from 'node:crypto';
import { deriveKey } from '../auth/master-key.js';

/** Where a secret lives: bound into the ciphertext as additional data, so it cannot be moved. */
export interface SecretSlot {
  table: string;
  company: string;
  id: string;
  column: string;
}

const VERSION = 'v1:';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** The secret could not be decrypted: wrong key, moved to another row, or altered. */
export class SecretDecryptError extends Error {
  constructor(slot: SecretSlot) {
    super(`The stored secret ${slot.table}.${slot.column} of ${slot.company}/${slot.id} cannot be decrypted`);
    this.name = 'SecretDecryptError';
  }
}

function additionalData(slot: SecretSlot): Buffer {
  return Buffer.from(`${slot.table}|${slot.company}|${slot.id}|${slot.column}`, 'utf8');
}

/**
 * Secrets at rest (SECURITY.md "Secrets"): AES-256-GCM with a key derived from the master key,
 * the row identity as additional data. Stored as `v1:` + base64(iv | tag | ciphertext).
 */
export class SecretBox {
  private readonly key: Uint8Array;

  constructor(masterKey: Buffer) {
    this.key = deriveKey(masterKey, 'secrets');
  }

  seal(plaintext: string, slot: SecretSlot): string {
    const iv = crypto.randomBytes(IV_BYTES);
    const cipher = crypto.createCipheriv('aes-256-gcm', this.key, iv, { authTagLength: TAG_BYTES });
    cipher.setAAD(additionalData(slot));
    const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return VERSION + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
  }

  open(sealed: string, slot: SecretSlot): string {
    if (!sealed.startsWith(VERSION)) throw new SecretDecryptError(slot);
    const raw = Buffer.from(sealed.slice(VERSION.length), 'base64');
    if (raw.length < IV_BYTES + TAG_BYTES) throw new SecretDecryptError(slot);
    try {
      const decipher = crypto.createDecipheriv('aes-256-gcm', this.key, raw.subarray(0, IV_BYTES), {
        authTagLength: TAG_BYTES,
      });
      decipher.setAAD(additionalData(slot));
      decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString(
        'utf8',
      );
    } catch {
      throw new SecretDecryptError(slot);
    }
  }
}
