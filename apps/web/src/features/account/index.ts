/** The public entry of features/account: what other features and pages may use. */
export * from './ChangePasswordModal';
export * from './ForcedPasswordChange';
