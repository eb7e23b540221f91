/** The public entry of features/mail-outbox: what other features and pages may use. */
export * from './MailOutboxButton';
