import { ALL_COMPANIES, highestRole, ROLE_RANK, type RoleCode } from '@lis/contracts';

export interface CompanyGrant {
  companyCode: string;
  role: RoleCode;
}

/**
 * Who is calling, as loaded from the database for every request (so a changed role or a deleted
 * user takes effect at once). Built only from a verified LIS token.
 */
export interface Identity {
  username: string;
  firstName: string;
  lastName: string;
  citizenId: string;
  tokenId: string;
  tokenExpiresAt: number;
  /** The password is a one-time password: only the routes that let the user change it answer. */
  mustChangePassword?: boolean;
  /** In the order of the user's company list. */
  grants: CompanyGrant[];
}

/** Spec 000 §6: the role is the role of the first company entry. */
export function consoleRole(identity: Identity): RoleCode | undefined {
  return identity.grants[0]?.role;
}

/** The role the user holds for one company: its own entry, or the `*` entry. */
export function roleForCompany(identity: Identity, companyCode: string): RoleCode | undefined {
  let best: RoleCode | undefined;
  for (const grant of identity.grants) {
    if (grant.companyCode !== companyCode && grant.companyCode !== ALL_COMPANIES) continue;
    if (!best || ROLE_RANK[grant.role] > ROLE_RANK[best]) best = grant.role;
  }
  return best;
}

export function hasRole(role: RoleCode | undefined, needed: RoleCode): boolean {
  return role !== undefined && ROLE_RANK[role] >= ROLE_RANK[needed];
}

/** `null` means every company; otherwise the codes the user may see. */
export function visibleCompanies(identity: Identity): string[] | null {
  if (identity.grants.some((g) => g.companyCode === ALL_COMPANIES)) return null;
  return identity.grants.map((g) => g.companyCode);
}

export function grantsFrom(entries: { company_code: string; role_access: string }[]): CompanyGrant[] {
  const grants: CompanyGrant[] = [];
  for (const entry of entries) {
    const role = highestRole(entry.role_access);
    if (role) grants.push({ companyCode: entry.company_code, role });
  }
  return grants;
}
