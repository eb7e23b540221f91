/** The public entry of features/alert-config: what pages may use. */
export * from './AlertConfig';
