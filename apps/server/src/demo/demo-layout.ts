import path from 'node:path';
import { DEFAULT_SID, DEMO_COMPANY_CODE } from '@lis/contracts';

/** The company every demo row belongs to; removing the demo removes exactly this company's data. */
export const DEMO_COMPANY = DEMO_COMPANY_CODE;
export const DEMO_SID = DEFAULT_SID;
export const DEMO_COMPANY_NAME = 'Demo Company';
/** Who the demo's writes are recorded as (updated_by, created_by). */
export const DEMO_WRITER = 'lis-demo';

/** The demo's own users, each with DEMO as its only company. */
export const DEMO_USERS = [
  { username: 'demo-admin', first_name: 'Demo', last_name: 'Administrator', role_access: 'admin' },
  { username: 'demo-operator', first_name: 'Demo', last_name: 'Operator', role_access: 'user' },
] as const;

/** The servers of the demo company's configuration, pointing at the built-in peers. */
export const DEMO_SERVERS = { sftp: 'demo-sftp', api: 'demo-functions', dms: 'demo-dms' } as const;
export const DEMO_DMS_BUCKET = 'demo';
export const DEMO_MAIL_TO = 'operations@demo.example';

/** Input folders (as the demo sFTP server shows them) that the generator fills, with their kind of file. */
export const DEMO_INPUT_FOLDERS = {
  orders: '/in/orders',
  payments: '/in/payments',
  payrollThai: '/in/payroll-th',
  invoicesJson: '/in/invoices-json',
  documents: '/in/documents',
} as const;
export type DemoInputKind = keyof typeof DEMO_INPUT_FOLDERS;

/** Where the demo jobs deliver; each holds `return_success` and `return_error` below it. */
export const DEMO_RETURN_ROOT = '/return';

/** Where the demo keeps its things: `{LIS_DATA_DIR}/demo`. */
export function demoDir(dataDir: string): string {
  return path.join(dataDir, 'demo');
}

export interface DemoPaths {
  /** The folder the demo sFTP server serves as '/'. */
  sftpRoot: string;
  /** Where the generator writes before moving a file into place (outside the served folder). */
  staging: string;
  /** The reference DMS server's storage. */
  dmsStore: string;
  /** Generated credentials of the peers (0600). */
  secrets: string;
  /** The demo sFTP server's host key (0600). */
  hostKey: string;
  /** The peers' ports, chosen on the first start and reused on every later one. */
  ports: string;
}

export function demoPaths(dataDir: string): DemoPaths {
  const root = demoDir(dataDir);
  return {
    sftpRoot: path.join(root, 'sftp'),
    staging: path.join(root, 'staging'),
    dmsStore: path.join(root, 'dms'),
    secrets: path.join(root, 'peers.json'),
    hostKey: path.join(root, 'ssh_host_ed25519_key'),
    ports: path.join(root, 'ports.json'),
  };
}
