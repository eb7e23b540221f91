import { AlertConfig } from '../features/alert-config';

/** Route /alertconfig (admin and super_admin: the router guards it and the server checks each company). */
export function AlertConfigPage() {
  return <AlertConfig />;
}
