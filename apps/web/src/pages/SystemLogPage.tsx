import { SystemLog } from '../features/logs/SystemLog';

/** Route /legacylog: every signed-in user, the log lines of their companies. */
export function SystemLogPage() {
  return <SystemLog />;
}
