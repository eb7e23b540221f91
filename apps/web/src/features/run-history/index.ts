/** The public entry of features/run-history: what other features and pages may use. */
export * from './JobRunHistoryModal';
export * from './run-history.i18n';
