import { useEffect, useRef, useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { onPasswordChangeRequired, onUnauthorized } from '../../platform/api/http';
import { ForcedPasswordChangePage } from '../routes/lazy-pages';
import { decodeToken, readSession, setMustChangePassword } from '../../platform/session/session';
import { ServerTimeZoneGate } from '../../ui/time-zone/ServerTimeZoneGate';
import { CurrentUserProvider } from './CurrentUserProvider';
import { msUntilExpiry, sessionStatus } from '../../platform/auth/session-status';
import { signInLocation } from '../../platform/auth/sign-in-location';
import { useLeaveSession } from '../../platform/auth/useLeaveSession';

/** setTimeout cannot wait longer than this. */
const MAX_TIMER_MS = 2_147_483_647;

/**
 * Guards the routes that need a session: none stored → the sign-in page (origin remembered); an
 * expired token, or a 401 from the server → the portal when configured, else the sign-in page. A
 * one-time password (the sign-in said so, or the server answers 403 PASSWORD_CHANGE_REQUIRED) → only
 * the change-password screen, until the user has chosen their own (decision 0020).
 */
export function RequireSession() {
  const location = useLocation();
  const from = `${location.pathname}${location.search}${location.hash}`;
  const [expired, setExpired] = useState(false);
  const session = readSession();
  const status = expired ? 'expired' : sessionStatus(session);
  const token = session?.access_token;
  const [mustChange, setMustChange] = useState(session?.must_change_password === true);

  useEffect(() => onUnauthorized(() => setExpired(true)), []);
  useEffect(
    () =>
      onPasswordChangeRequired(() => {
        setMustChangePassword(true);
        setMustChange(true);
      }),
    [],
  );

  useEffect(() => {
    if (!token) return undefined;
    const remaining = msUntilExpiry(decodeToken(token));
    if (remaining <= 0) return undefined;
    const timer = setTimeout(() => setExpired(true), Math.min(remaining, MAX_TIMER_MS));
    return () => clearTimeout(timer);
  }, [token]);

  if (status === 'missing') {
    const { to, state } = signInLocation(from);
    return <Navigate to={to} state={state} replace />;
  }
  if (status === 'expired') return <LeaveExpiredSession from={from} />;
  if (mustChange || session?.must_change_password)
    return (
      <ForcedPasswordChangePage
        onChanged={() => {
          setMustChangePassword(false);
          setMustChange(false);
        }}
      />
    );
  return (
    <CurrentUserProvider>
      <ServerTimeZoneGate>
        <Outlet />
      </ServerTimeZoneGate>
    </CurrentUserProvider>
  );
}

function LeaveExpiredSession({ from }: { from: string }) {
  const leave = useLeaveSession();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void leave(from);
  }, [leave, from]);
  return null;
}
