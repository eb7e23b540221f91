import { SettingsScreen } from '../features/settings';

/** Route /settings (super_admin only: the router guards it and the server refuses anyone else). */
export function SettingsPage() {
  return <SettingsScreen />;
}
