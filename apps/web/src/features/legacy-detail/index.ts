/** The public entry of features/legacy-detail: what other features and pages may use. */
export * from './LegacyDetail';
export * from './legacy-detail-api';
export * from './legacy-detail.i18n';
