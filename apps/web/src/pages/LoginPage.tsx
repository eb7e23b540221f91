import { SignInScreen } from '../features/auth/SignInScreen';

/** /Login and /auth/signin. */
export function LoginPage() {
  return <SignInScreen />;
}
