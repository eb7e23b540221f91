/** The public entry of features/alerts: what other features, pages and the shell may use. */
export * from './AlertBadge';
export * from './AlertsScreen';
export * from './ConditionTag';
export * from './alert-words.i18n';
