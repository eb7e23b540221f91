/** The public entry of features/chain-jobs: what other features and pages may use. */
export * from './ChainJobConfig';
