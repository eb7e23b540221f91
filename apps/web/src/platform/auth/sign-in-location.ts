import { safeRedirectPath } from './safe-redirect';
import { SIGN_IN_PATH } from '../screens/screens';

/** What the guard leaves in the router state for the sign-in page. */
export interface SignInState {
  from?: string;
}

/** The sign-in page, remembering where the visitor came from (in the state and in `?from=`). */
export function signInLocation(from: string): { to: string; state: SignInState } {
  const origin = safeRedirectPath(from);
  if (!origin || origin === '/') return { to: SIGN_IN_PATH, state: {} };
  return {
    to: `${SIGN_IN_PATH}?${new URLSearchParams({ from: origin }).toString()}`,
    state: { from: origin },
  };
}

/** Where to go after signing in: the remembered origin when it is safe, else '/'. */
export function rememberedOrigin(state: unknown, search: string): string {
  const fromState =
    state && typeof state === 'object' && 'from' in state ? (state as SignInState).from : undefined;
  return safeRedirectPath(fromState) ?? safeRedirectPath(new URLSearchParams(search).get('from')) ?? '/';
}
