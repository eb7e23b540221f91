import { Type, type Static } from '@sinclair/typebox';
import { Sid } from './common.js';
import { CompanyCode } from './companies.js';
import { RemotePath } from './job-tools.js';
import { HttpUrl, SecretInput, ServerId } from './server-config.js';

/*
 * The legacy console's calls whose paths the product had not kept (docs/legacy-api.md, decision
 * 0027). Each takes the legacy payload as the spec writes it and is answered by the product's own
 * helper on a SAVED server: the address in the request only chooses which saved server (of a company
 * where the caller is admin); a password or key in the request is accepted and not used, and a stored
 * secret is only ever sent to its own server's address.
 */

/** Spec 001 §7 "Source/return path check" and "List remote folders": path, host, port, username, password, private_key. */
export const LegacySftpPathRequest = Type.Object(
  {
    sid: Type.Optional(Sid),
    path: RemotePath,
    host: Type.String({ minLength: 1, maxLength: 255 }),
    port: Type.Optional(Type.Integer({ minimum: 1, maximum: 65535, default: 22 })),
    username: Type.String({ minLength: 1, maxLength: 128 }),
    /** Accepted and not used: the saved server's own secret is used (legacy field). */
    password: Type.Optional(SecretInput),
    /** Accepted and not used (legacy field). */
    private_key: Type.Optional(Type.String({ maxLength: 16384 })),
    /** Optional: limits the saved server to one company. */
    company_code: Type.Optional(CompanyCode),
    /** Optional: names the saved server directly (then host/port/username must be its own). */
    sftp_server_id: Type.Optional(ServerId),
  },
  { additionalProperties: false },
);
export type LegacySftpPathRequest = Static<typeof LegacySftpPathRequest>;

/** Spec 001 §7 "Test job function": api_url, class_name, function_name, sid, username, password. */
export const LegacyJobConnectionRequest = Type.Object(
  {
    sid: Type.Optional(Sid),
    api_url: HttpUrl,
    class_name: Type.String({ minLength: 1, maxLength: 255 }),
    function_name: Type.String({ minLength: 1, maxLength: 255 }),
    /** Accepted and not used: the saved API server's own credentials are used (legacy fields). */
    username: Type.Optional(Type.String({ maxLength: 128 })),
    password: Type.Optional(SecretInput),
    company_code: Type.Optional(CompanyCode),
  },
  { additionalProperties: false },
);
export type LegacyJobConnectionRequest = Static<typeof LegacyJobConnectionRequest>;
