import crypto from 'node:crypto';
import { ALL_COMPANIES, DEFAULT_SID } from '@lis/contracts';
import type { UserRepository } from '../users/user.repository.js';
import type { Clock } from '../../platform/clock.js';
import { hashPassword } from './password-hasher.js';

export interface FirstAdmin {
  username: string;
  /** The password when it was generated (to print once); undefined when taken from the environment. */
  generatedPassword: string | undefined;
}

/**
 * On an empty database, creates the first super_admin (all companies). There is no setup route:
 * the password comes from LIS_ADMIN_PASSWORD or is generated, printed once and must be changed at the
 * first sign-in.
 */
export async function ensureFirstAdmin(
  users: UserRepository,
  clock: Clock,
  username: string,
  configuredPassword: string | undefined,
): Promise<FirstAdmin | undefined> {
  if ((await users.count()) > 0) return undefined;
  const generated = configuredPassword ? undefined : crypto.randomBytes(18).toString('base64url');
  const password = configuredPassword ?? (generated as string);
  try {
    await users.create(
      {
        username,
        first_name: 'LIS',
        last_name: 'Administrator',
        citizen_id: '',
        companies: [{ sid: DEFAULT_SID, company_code: ALL_COMPANIES, role_access: 'super_admin' }],
      },
      await hashPassword(password),
      clock.now(),
      // A generated password is a one-time password: changed at the first sign-in (decision 0020).
      // LIS_ADMIN_PASSWORD is the operator's own choice and is not forced.
      { mustChangePassword: generated !== undefined },
    );
  } catch (error) {
    // Another node created it at the same moment.
    if (await users.find(username)) return undefined;
    throw error;
  }
  return { username, generatedPassword: generated };
}
