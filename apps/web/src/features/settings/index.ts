/** The public entry of features/settings: what other features and pages may use. */
export * from './ActionPasswordModal';
export * from './SettingsScreen';
