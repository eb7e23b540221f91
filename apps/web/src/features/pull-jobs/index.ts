/** The public entry of features/pull-jobs: what other features and pages may use. */
export * from './PullJobConfig';
export * from './PullJobConfigLog';
