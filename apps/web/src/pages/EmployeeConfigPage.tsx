import { EmployeeConfig } from '../features/employees';

/** Route /employee (super_admin only: the router guards it and the server refuses anyone else). */
export function EmployeeConfigPage() {
  return <EmployeeConfig />;
}
