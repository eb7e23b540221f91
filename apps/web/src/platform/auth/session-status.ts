import { decodeToken, isExpired, type Session, type TokenPayload } from '../session/session';

export type SessionStatus = 'valid' | 'missing' | 'expired';

/** Whether a stored session may be used: none stored, its token expired (or unreadable), or valid. */
export function sessionStatus(session: Session | null, nowMs = Date.now()): SessionStatus {
  if (!session) return 'missing';
  return isExpired(decodeToken(session.access_token), nowMs) ? 'expired' : 'valid';
}

/** Milliseconds until the token expires (0 when it already has, or cannot be read). */
export function msUntilExpiry(payload: TokenPayload | null, nowMs = Date.now()): number {
  if (!payload || typeof payload.exp !== 'number') return 0;
  return Math.max(0, payload.exp * 1000 - nowMs);
}
