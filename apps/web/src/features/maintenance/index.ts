/** The public entry of features/maintenance: what pages may use. */
export * from './MaintenanceConfig';
