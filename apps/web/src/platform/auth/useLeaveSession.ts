import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { clearSession } from '../session/session';
import { withLoading } from '../loading/loading-store';
import { signInLocation } from './sign-in-location';
import { fetchPortalUrl } from './sso-env';

/**
 * Ends the session in this browser and leaves: to the portal when one is configured (spec 000 §1: an
 * expired token goes to the portal), else to the sign-in page remembering `from`.
 */
export function useLeaveSession(): (from?: string) => Promise<void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(
    async (from?: string) => {
      const portalUrl = await withLoading(fetchPortalUrl(queryClient));
      clearSession();
      queryClient.clear();
      if (portalUrl) {
        window.location.assign(portalUrl);
        return;
      }
      const { to, state } = signInLocation(from ?? '/');
      navigate(to, { replace: true, state });
    },
    [queryClient, navigate],
  );
}
