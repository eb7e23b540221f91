import { SignInScreen } from '../features/auth';

/** /Login and /auth/signin. */
export function LoginPage() {
  return <SignInScreen />;
}
