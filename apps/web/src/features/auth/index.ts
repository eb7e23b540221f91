/** The public entry of features/auth: what other features and pages may use. */
export * from './AuthPageFrame';
export * from './IngressScreen';
export * from './LogoutScreen';
export * from './SignInScreen';
