import type { SecretBox } from '../secrets/secret-box.js';
import { SecretDecryptError, type SecretSlot } from '../secrets/secret-box.js';
import { invalid, conflict } from '../../platform/domain-error.js';

/**
 * What a save or delete hands to the audit trail: the record before and after, with every secret
 * reduced to a `*_changed` flag.
 */
export type AuditDetails = Record<string, unknown>;

/** A secret field: blank or absent means "keep". */
export const given = (value: string | undefined): value is string => value !== undefined && value !== '';

/** The secret sealed for its slot when one is given; `undefined` keeps the stored one. */
export function sealGiven(box: SecretBox, value: string | undefined, slot: SecretSlot): string | undefined {
  return given(value) ? box.seal(value, slot) : undefined;
}

/** A stored secret opened; one that no longer opens (another master key) is a 409. */
export function openSealed(box: SecretBox, sealed: string | null, slot: SecretSlot): string | undefined {
  if (sealed === null) return undefined;
  try {
    return box.open(sealed, slot);
  } catch (error) {
    if (error instanceof SecretDecryptError)
      throw conflict('SECRET_UNREADABLE', 'secretUnreadable', { id: slot.id });
    throw error;
  }
}

/**
 * Decision 0024 (docs/security.md "Secrets"): a stored secret is only ever used with the address it
 * was saved with. An edit that changes the address (URL, host, port, user name) of a record holding
 * a secret must carry a secret again; otherwise it is refused with `key` (400).
 */
export function requireSecretForNewAddress(
  addressChanged: boolean,
  holdsSecret: boolean,
  secretGiven: boolean,
  key: 'apiPasswordAgain' | 'sftpSecretAgain' | 'dmsTokenAgain',
): void {
  if (addressChanged && holdsSecret && !secretGiven) throw invalid('SECRET_REQUIRED_FOR_NEW_ADDRESS', key);
}
