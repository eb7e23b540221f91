import crypto from 'node:crypto';
import type { Clock } from '../../platform/clock.js';
import type { UserRepository } from '../users/user.repository.js';
import { hashPassword } from './password-hasher.js';

/** A generated password: 18 random bytes in base64url (24 characters, no ambiguity about quoting). */
export function generateOneTimePassword(): string {
  return crypto.randomBytes(18).toString('base64url');
}

/**
 * Gives a user a new generated password that must be changed at the next sign-in (decision 0020).
 * Answers the password, or undefined when there is no such user.
 */
export async function resetToOneTimePassword(
  users: UserRepository,
  username: string,
  clock: Clock,
): Promise<string | undefined> {
  const password = generateOneTimePassword();
  const done = await users.setPassword(username, await hashPassword(password), clock.now(), {
    mustChangePassword: true,
  });
  return done ? password : undefined;
}
