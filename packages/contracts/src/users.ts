import { Type, type Static } from '@sinclair/typebox';
import { PageQuery, Sid } from './common.js';
import { COMPANY_CODE_PATTERN } from './companies.js';
import { RoleCode } from './roles.js';

export const USERNAME_PATTERN = '^[A-Za-z0-9._@-]{1,64}$';
export const Username = Type.String({ pattern: USERNAME_PATTERN });
export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 256;
export const Password = Type.String({ minLength: PASSWORD_MIN_LENGTH, maxLength: PASSWORD_MAX_LENGTH });

/** One entry of a user's company list. `role_access` may join several roles with `|`. */
export const CompanyAccess = Type.Object(
  {
    sid: Type.Optional(Sid),
    company_code: Type.String({ pattern: `(${COMPANY_CODE_PATTERN})|^\\*$` }),
    role_access: Type.String({ pattern: '^(user|admin|super_admin)(\\|(user|admin|super_admin))*$' }),
  },
  { additionalProperties: false },
);
export type CompanyAccess = Static<typeof CompanyAccess>;

export const User = Type.Object({
  id: Type.String({ description: 'the user name' }),
  first_name: Type.String(),
  last_name: Type.String(),
  citizen_id: Type.String(),
  has_password: Type.Boolean(),
  list_company: Type.Array(
    Type.Object({ sid: Type.String(), company_code: Type.String(), role_access: Type.String() }),
  ),
});
export type User = Static<typeof User>;

export const UserQuery = Type.Object(
  {
    sid: Type.Optional(Sid),
    id: Type.Optional(Type.String({ maxLength: 64 })),
    role_access: Type.Optional(Type.String({ maxLength: 64 })),
    company_code: Type.Optional(Type.String({ maxLength: 32 })),
    /** List mode: leave out users whose first company entry holds this role (Employee Config hides super_admins). */
    exclude_first_role: Type.Optional(RoleCode),
    ...PageQuery,
  },
  { additionalProperties: false },
);
export type UserQuery = Static<typeof UserQuery>;

export const UserListResponse = Type.Object({ result_list: Type.Array(User), total_count: Type.Integer() });
export type UserListResponse = Static<typeof UserListResponse>;

const UserFields = {
  id: Username,
  first_name: Type.Optional(Type.String({ maxLength: 100 })),
  last_name: Type.Optional(Type.String({ maxLength: 100 })),
  citizen_id: Type.Optional(Type.String({ pattern: '^[0-9A-Za-z-]{0,32}$' })),
  list_company: Type.Array(CompanyAccess, { minItems: 1, maxItems: 500 }),
  /** Optional initial (create) or new (edit) password for form login. */
  password: Type.Optional(Password),
};

export const UserCreate = Type.Object(UserFields, { additionalProperties: false });
export type UserCreate = Static<typeof UserCreate>;
export const UserEdit = Type.Object(UserFields, { additionalProperties: false });
export type UserEdit = Static<typeof UserEdit>;

export const UserDeleteQuery = Type.Object(
  { id: Username, sid: Type.Optional(Sid), ...PageQuery },
  { additionalProperties: false },
);
export type UserDeleteQuery = Static<typeof UserDeleteQuery>;

export const UserImportResponse = Type.Object({
  message: Type.String(),
  created: Type.Integer(),
  updated: Type.Integer(),
});
export type UserImportResponse = Static<typeof UserImportResponse>;

/** The Excel upload: one row per (user, company); the header names these columns. */
export const USER_IMPORT_COLUMNS = [
  'id',
  'company_code',
  'role_access',
  'first_name',
  'last_name',
  'citizen_id',
] as const;
export const USER_IMPORT_MAX_BYTES = 5 * 1024 * 1024;
