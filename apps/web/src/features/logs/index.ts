/** The public entry of features/logs: what other features and pages may use. */
export * from './ApplicationLog';
export * from './SystemLog';
