/** The public entry of features/legacy-report: what other features and pages may use. */
export * from './LegacyReport';
export * from './ReportRowMenu';
