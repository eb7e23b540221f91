import { useEffect, useMemo, useRef, type ReactNode } from 'react';
import { App } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { ApiError } from '../../platform/api/http';
import { call } from '../../platform/api/endpoint-client';
import { useT } from '../../platform/i18n/I18nProvider';
import { useLoadingFlag } from '../../ui/GlobalLoadingOverlay';
import { decodeToken, readSession } from '../../platform/session/session';
import { useErrorDialog } from '../../ui/useErrorDialog';
import { authMessages } from './auth-messages';
import { CurrentUserContext, type CurrentUser } from '../../platform/auth/current-user-context';
import {
  displayNameFromToken,
  userAccessFromLookup,
  usernameFromToken,
} from '../../platform/auth/current-user';
import { useLeaveSession } from '../../platform/auth/useLeaveSession';

/** Looks the signed-in user up (`GET v1/user?id=…&role_access=admin`) and shares the outcome. */
export function CurrentUserProvider({ children }: { children: ReactNode }) {
  const token = readSession()?.access_token ?? '';
  const payload = useMemo(() => decodeToken(token), [token]);
  const username = usernameFromToken(payload) ?? '';
  const lookup = useQuery({
    queryKey: ['current-user', username],
    queryFn: () => call('GET /v1/user', { query: { id: username, role_access: 'admin' } }),
    enabled: Boolean(username),
    staleTime: 5 * 60_000,
    retry: false,
  });
  const access = useMemo(() => (lookup.data ? userAccessFromLookup(lookup.data) : null), [lookup.data]);
  useLoadingFlag(lookup.isLoading);
  useLookupOutcomeDialogs(username, lookup.data !== undefined && !access, lookup.error);

  const value = useMemo<CurrentUser>(() => {
    const companies = access?.companies ?? [];
    const tokenName = displayNameFromToken(payload, '');
    const lookupName = [access?.firstName, access?.lastName].filter(Boolean).join(' ');
    return {
      username,
      displayName: tokenName || lookupName || username,
      role: access?.role,
      companies,
      allCompanies: access?.allCompanies ?? false,
      companyFilter: access?.allCompanies ? [] : companies,
      loading: lookup.isLoading,
      found: Boolean(access),
    };
  }, [access, lookup.isLoading, payload, username]);
  return <CurrentUserContext.Provider value={value}>{children}</CurrentUserContext.Provider>;
}

/** Spec 000 §5: no user name in the token, or an unknown user → a dialog, then the portal (or sign-in). */
function useLookupOutcomeDialogs(username: string, notFound: boolean, error: Error | null) {
  const { modal } = App.useApp();
  const t = useT(authMessages);
  const showError = useErrorDialog();
  const leave = useLeaveSession();
  const shown = useRef<string | null>(null);
  const outcome = !username ? 'no-username' : notFound ? 'not-found' : error ? 'error' : null;

  useEffect(() => {
    if (!outcome || shown.current === outcome) return;
    shown.current = outcome;
    if (outcome === 'error') {
      // A 401 is handled by the session guard; anything else is told as it is (offline: OK reloads).
      if (!(error instanceof ApiError && error.status === 401))
        showError(error, { reloadOnNetworkError: true });
      return;
    }
    modal.error({
      title: t('errorOccurred'),
      content: t(outcome === 'no-username' ? 'userNotInToken' : 'userNotFound'),
      okText: t('ok'),
      onOk: () => void leave(),
    });
  }, [outcome, error, modal, t, showError, leave]);
}
