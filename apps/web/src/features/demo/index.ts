/** The public entry of features/demo: what other features and pages may use. */
export * from './DemoNotice';
