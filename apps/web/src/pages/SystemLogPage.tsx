import { SystemLog } from '../features/logs';

/** Route /legacylog: every signed-in user, the log lines of their companies. */
export function SystemLogPage() {
  return <SystemLog />;
}
