/** The public entry of features/dms-servers: what other features and pages may use. */
export * from './DmsConfig';
