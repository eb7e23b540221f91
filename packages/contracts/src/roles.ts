import { Type, type Static } from '@sinclair/typebox';
import { splitPipeList } from './pipe-lists.js';

export const ROLES = ['user', 'admin', 'super_admin'] as const;
export type RoleCode = (typeof ROLES)[number];
export const RoleCode = Type.Union(ROLES.map((r) => Type.Literal(r)));

/** Rank of a role: a higher rank may do everything a lower one may. */
export const ROLE_RANK: Record<RoleCode, number> = { user: 1, admin: 2, super_admin: 3 };

export const Role = Type.Object({ role_access_code: RoleCode, role_access_name: Type.String() });
export type Role = Static<typeof Role>;

export const RoleListResponse = Type.Object({ result_list: Type.Array(Role), total_count: Type.Integer() });
export type RoleListResponse = Static<typeof RoleListResponse>;

/** `role_access` may hold several roles joined by `|`; the highest one counts. */
export function highestRole(roleAccess: string): RoleCode | undefined {
  let best: RoleCode | undefined;
  for (const part of splitPipeList(roleAccess)) {
    const role = part as RoleCode;
    if (!(role in ROLE_RANK)) continue;
    if (!best || ROLE_RANK[role] > ROLE_RANK[best]) best = role;
  }
  return best;
}
