/** The public entry of features/api-servers: what other features and pages may use. */
export * from './ApiConfig';
