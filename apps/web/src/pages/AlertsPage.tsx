import { AlertsScreen } from '../features/alerts';

/** Route /alerts (every signed-in user: operators acknowledge; the server limits it to the user's companies). */
export function AlertsPage() {
  return <AlertsScreen />;
}
