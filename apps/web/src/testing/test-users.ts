import { SIGNED_OUT_USER, type CurrentUser } from '../platform/auth/current-user-context';

/** A signed-in user: an admin of every company unless `overrides` say otherwise. */
export const testUser = (overrides: Partial<CurrentUser> = {}): CurrentUser => ({
  ...SIGNED_OUT_USER,
  username: 'admin',
  displayName: 'admin',
  role: 'admin',
  companies: ['*'],
  allCompanies: true,
  found: true,
  ...overrides,
});

export const ADMIN = testUser();
