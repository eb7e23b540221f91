/** The public entry of features/monitoring: what other features and pages may use. */
export * from './AutoRefreshBar';
export * from './JobStateTag';
export * from './MessageModal';
export * from './StatusTag';
export * from './email-status.i18n';
export * from './job-state-counts';
export * from './legacy-report-api';
export * from './MaintenanceBanner';
export { useMaintenanceStatus } from './maintenance-status';
import './legacy-report.css';
export * from './monitoring.i18n';
export * from './report-rows';
export * from './report-steps';
export * from './RunTable';
export * from './useAutoRefresh';
export * from './useReportActions';
export * from './useRunEvents';
