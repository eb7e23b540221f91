import { useQuery, type QueryClient } from '@tanstack/react-query';
import { call } from '../api/endpoint-client';
import { safeExternalUrl } from './safe-redirect';

const SSO_ENV_QUERY = {
  queryKey: ['sso-env'],
  queryFn: () => call('GET /v1/sso-env/get'),
  staleTime: Number.POSITIVE_INFINITY,
  retry: false,
} as const;

/** `GET v1/sso-env/get`: the portal's sign-on page and address (public, asked once per page load). */
export function useSsoEnv() {
  return useQuery(SSO_ENV_QUERY);
}

/** The portal address, or null when none is configured (or it could not be asked). */
export async function fetchPortalUrl(queryClient: QueryClient): Promise<string | null> {
  try {
    const env = await queryClient.fetchQuery(SSO_ENV_QUERY);
    return safeExternalUrl(env.portal_url);
  } catch {
    return null;
  }
}
