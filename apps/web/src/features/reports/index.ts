/** The public entry of features/reports: what other features and pages may use. */
export * from './DailyReport';
export * from './DownloadSourceAndResponseFile';
export * from './ExpectedRunJob';
