import type { Generated } from 'kysely';

/** Times are epoch milliseconds (bigint on PostgreSQL, integer on SQLite): portable and comparable. */
export interface CompanyTable {
  company_code: string;
  sid: string;
  company_name: string;
  status: 'active' | 'inactive';
  created_at: number;
  updated_at: number;
}

export interface UserTable {
  username: string;
  first_name: string;
  last_name: string;
  citizen_id: string;
  password_hash: string | null;
  created_at: number;
  updated_at: number;
}

export interface UserCompanyTable {
  username: string;
  /** Order of the entry: the first (0) decides the user's role in the console. */
  position: number;
  sid: string;
  company_code: string;
  role_access: string;
}

export interface RoleTable {
  role_access_code: string;
  role_access_name: string;
  rank: number;
}

export interface TokenRevocationTable {
  jti: string;
  username: string;
  expires_at: number;
}

export interface SettingTable {
  key: string;
  value: string;
  updated_at: number;
}

export interface AuditLogTable {
  id: string;
  at: number;
  username: string | null;
  method: string;
  route: string;
  status_code: number;
  company_code: string | null;
  target: string | null;
  details: string | null;
  ip: string | null;
  seq: Generated<number>;
}

export interface Database {
  companies: CompanyTable;
  users: UserTable;
  user_companies: UserCompanyTable;
  roles: RoleTable;
  token_revocations: TokenRevocationTable;
  settings: SettingTable;
  audit_log: AuditLogTable;
}
