import { Type, type Static } from '@sinclair/typebox';

/*
 * The examples of the first start (DESIGN §1, docs/decisions/0015-demo.md): a DEMO company whose jobs run
 * against built-in peers, removable with one button or `npm run lis -- demo remove`.
 */

/** The company code of the demo; its rows are what a removal deletes. */
export const DEMO_COMPANY_CODE = 'DEMO';

/** How to reach the demo sFTP server (loopback), for trying it with an sFTP client. */
export const DemoSftpAccess = Type.Object({
  host: Type.String(),
  port: Type.Integer({ minimum: 1, maximum: 65535 }),
  username: Type.String(),
  password: Type.String(),
});
export type DemoSftpAccess = Static<typeof DemoSftpAccess>;

/**
 * `GET /v1/demo`: whether the demo company exists and this node runs its peers; `sftp` only for an
 * admin or super_admin of the DEMO company while the peers run (never for a plain user).
 */
export const DemoStatus = Type.Object({
  present: Type.Boolean(),
  running: Type.Boolean(),
  sftp: Type.Optional(DemoSftpAccess),
});
export type DemoStatus = Static<typeof DemoStatus>;

/** `DELETE /v1/demo` (super_admin): what was removed. */
export const DemoRemoveResponse = Type.Object({
  message: Type.String(),
  runs: Type.Integer({ minimum: 0 }),
  jobs: Type.Integer({ minimum: 0 }),
  users: Type.Array(Type.String()),
});
export type DemoRemoveResponse = Static<typeof DemoRemoveResponse>;
