import { Type, type Static } from '@sinclair/typebox';

/*
 * The examples of the first start (DESIGN §1, docs/decisions/0015-demo.md): a DEMO company whose jobs run
 * against built-in peers, removable with one button or `npm run lis -- demo remove`.
 */

/** The company code of the demo; its rows are what a removal deletes. */
export const DEMO_COMPANY_CODE = 'DEMO';

/** `GET /v1/demo`: whether the demo company exists and this node runs its peers. */
export const DemoStatus = Type.Object({ present: Type.Boolean(), running: Type.Boolean() });
export type DemoStatus = Static<typeof DemoStatus>;

/** `DELETE /v1/demo` (super_admin): what was removed. */
export const DemoRemoveResponse = Type.Object({
  message: Type.String(),
  runs: Type.Integer({ minimum: 0 }),
  jobs: Type.Integer({ minimum: 0 }),
  users: Type.Array(Type.String()),
});
export type DemoRemoveResponse = Static<typeof DemoRemoveResponse>;
