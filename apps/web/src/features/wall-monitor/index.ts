/** The public entry of features/wall-monitor: what other features and pages may use. */
export * from './WallMonitor';
