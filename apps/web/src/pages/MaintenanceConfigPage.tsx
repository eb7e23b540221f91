import { MaintenanceConfig } from '../features/maintenance';

/** Route /maintenanceconfig (admin and super_admin: the router guards it and the server checks each company). */
export function MaintenanceConfigPage() {
  return <MaintenanceConfig />;
}
