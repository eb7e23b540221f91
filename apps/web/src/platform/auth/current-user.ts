import { ALL_COMPANIES, highestRole, type RoleCode, type UserListResponse } from '@lis/contracts';
import type { TokenPayload } from '../session/session';

/** Who the token names: its user name, or the citizen id when the portal only gave that. */
export function usernameFromToken(payload: TokenPayload | null): string | null {
  const extra = payload?.extra;
  const name = extra?.username?.trim() || extra?.citizen_id?.trim();
  return name || null;
}

/** "first last" from the token, falling back to the user name. */
export function displayNameFromToken(payload: TokenPayload | null, fallback: string): string {
  const parts = [payload?.extra?.first_name, payload?.extra?.last_name]
    .map((part) => part?.trim())
    .filter(Boolean);
  return parts.length ? parts.join(' ') : fallback;
}

export interface UserAccess {
  /** Spec 000 §6: the highest role of the first company entry; 'user' when it names none. */
  role: RoleCode;
  /** Company codes of the user's list, in order; may hold '*'. */
  companies: string[];
  /** The first company code is '*': every company, and lists send no company filter. */
  allCompanies: boolean;
  firstName: string;
  lastName: string;
}

/** Reads the answer of `GET v1/user?id=…&role_access=admin`; `null` when the user is not known. */
export function userAccessFromLookup(reply: UserListResponse): UserAccess | null {
  const user = reply.result_list[0];
  if (reply.total_count === 0 || !user) return null;
  const companies = user.list_company.map((entry) => entry.company_code);
  const first = user.list_company[0];
  return {
    role: (first && highestRole(first.role_access)) ?? 'user',
    companies,
    allCompanies: companies[0] === ALL_COMPANIES,
    firstName: user.first_name,
    lastName: user.last_name,
  };
}
