import { LogoutScreen } from '../features/auth/LogoutScreen';

/** /logout ("Back to Portal"). */
export function LogoutPage() {
  return <LogoutScreen />;
}
