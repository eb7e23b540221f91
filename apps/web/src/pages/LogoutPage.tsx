import { LogoutScreen } from '../features/auth';

/** /logout ("Back to Portal"). */
export function LogoutPage() {
  return <LogoutScreen />;
}
