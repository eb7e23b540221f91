import { toRouterPath } from '../../platform/base-path';
import { safeRedirectPath } from '../../platform/auth/safe-redirect';

/** Where /ingress goes after the exchange: the `redirect` parameter when it is a safe path, else '/'. */
export function ingressTarget(redirect: string | null, basename: string): string {
  const path = safeRedirectPath(redirect);
  return path ? toRouterPath(path, basename) : '/';
}

/** The current address without its `token` parameter (the portal's token must not stay in the URL). */
export function addressWithoutToken(href: string): string {
  const url = new URL(href);
  url.searchParams.delete('token');
  return url.toString();
}
