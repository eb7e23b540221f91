/** The public entry of features/quartz: what other features and pages may use. */
export * from './QuartzMonitor';
export * from './quartz-api';
