import { DmsConfig } from '../features/dms-servers';

/** Route /dmsconfig (admin and super_admin: the router guards it and the server checks each company). */
export function DmsConfigPage() {
  return <DmsConfig />;
}
