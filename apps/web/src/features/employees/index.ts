/** The public entry of features/employees: what other features and pages may use. */
export * from './EmployeeConfig';
