import { ApplicationLog } from '../features/logs';

/** Route /applicationlog: every signed-in user, the application log of their companies. */
export function ApplicationLogPage() {
  return <ApplicationLog />;
}
