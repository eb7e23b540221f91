/** The public entry of features/email-content: what other features and pages may use. */
export * from './EmailContent';
