import { ApplicationLog } from '../features/logs/ApplicationLog';

/** Route /applicationlog: every signed-in user, the application log of their companies. */
export function ApplicationLogPage() {
  return <ApplicationLog />;
}
