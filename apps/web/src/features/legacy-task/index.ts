/** The public entry of features/legacy-task: what other features and pages may use. */
export * from './LegacyTask';
