import { Type, type Static } from '@sinclair/typebox';
import type { ErrorCode } from './error-codes.js';

/** Login form. Empty fields are let through the schema so the server can answer the spec's own message. */
export const LoginRequest = Type.Object(
  { username: Type.String({ maxLength: 256 }), password: Type.String({ maxLength: 256 }) },
  { additionalProperties: false },
);
export type LoginRequest = Static<typeof LoginRequest>;

/** What the console keeps in localStorage under `LG_APPLICATION`. */
export const LoginResponse = Type.Object({
  access_token: Type.String(),
  user_id: Type.String(),
  company_code: Type.String(),
  /** True: the password is a generated one-time password; the console asks for a new one first. */
  must_change_password: Type.Optional(Type.Boolean()),
});
export type LoginResponse = Static<typeof LoginResponse>;
export const SESSION_STORAGE_KEY = 'LG_APPLICATION';

/** `/ingress` hands the portal's token to the server, which answers with a LIS token. */
export const PortalExchangeRequest = Type.Object(
  { token: Type.String({ minLength: 1, maxLength: 8192 }) },
  { additionalProperties: false },
);
export type PortalExchangeRequest = Static<typeof PortalExchangeRequest>;

/** The `extra` claim of a LIS token, read by the console's header. */
export const TokenExtra = Type.Object({
  username: Type.String(),
  first_name: Type.String(),
  last_name: Type.String(),
  citizen_id: Type.String(),
});
export type TokenExtra = Static<typeof TokenExtra>;

export interface LisTokenClaims {
  sub: string;
  jti: string;
  iat: number;
  exp: number;
  iss: string;
  aud: string;
  extra: TokenExtra;
}
export const TOKEN_ISSUER = 'lis';
export const TOKEN_AUDIENCE = 'lis-console';

/** A signed-in user changes their own password (the first admin's one-time password, for one). */
export const ChangePasswordRequest = Type.Object(
  {
    current_password: Type.String({ minLength: 1, maxLength: 256 }),
    new_password: Type.String({ minLength: 12, maxLength: 256 }),
  },
  { additionalProperties: false },
);
export type ChangePasswordRequest = Static<typeof ChangePasswordRequest>;

/**
 * A changed password ends every token of the user (decision 0026); the session that changed it gets
 * a fresh token here, which the console stores in place of the old one.
 */
export const ChangePasswordResponse = Type.Object({ message: Type.String(), access_token: Type.String() });
export type ChangePasswordResponse = Static<typeof ChangePasswordResponse>;

/**
 * The `code` of the 403 every route answers (but sign-in, sign-out, who-am-i, version, environment,
 * ping and change-password) while the user's password is a one-time password (decision 0020).
 */
export const PASSWORD_CHANGE_REQUIRED = 'PASSWORD_CHANGE_REQUIRED' satisfies ErrorCode;

/** `GET /v1/auth/me`: who the token names, and whether the password must be changed first. */
export const WhoAmIResponse = Type.Object({
  username: Type.String(),
  must_change_password: Type.Boolean(),
});
export type WhoAmIResponse = Static<typeof WhoAmIResponse>;
