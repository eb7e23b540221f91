import { SESSION_STORAGE_KEY, type LoginResponse, type TokenExtra } from '@lis/contracts';

/** The login object the spec keeps in localStorage under LG_APPLICATION. */
export type Session = LoginResponse;

export function readSession(): Session | null {
  const raw = localStorage.getItem(SESSION_STORAGE_KEY);
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as Partial<Session>;
    if (typeof parsed.access_token !== 'string' || !parsed.access_token) return null;
    return {
      access_token: parsed.access_token,
      user_id: String(parsed.user_id ?? ''),
      company_code: String(parsed.company_code ?? ''),
      ...(parsed.must_change_password === true ? { must_change_password: true } : {}),
    };
  } catch {
    return null;
  }
}

export function writeSession(session: Session): void {
  localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(session));
}

/** Records in the stored session whether its password must still be changed (decision 0020). */
export function setMustChangePassword(mustChange: boolean): void {
  const session = readSession();
  if (!session) return;
  const { must_change_password: _dropped, ...rest } = session;
  writeSession(mustChange ? { ...rest, must_change_password: true } : rest);
}

/**
 * A password change ends every older token of the user; the session that changed it continues with
 * the fresh token the server answered (decision 0026).
 */
export function replaceAccessToken(accessToken: string): void {
  const session = readSession();
  if (!session) return;
  writeSession({ ...session, access_token: accessToken });
}

export function clearSession(): void {
  localStorage.removeItem(SESSION_STORAGE_KEY);
}

export interface TokenPayload {
  sub?: string;
  exp?: number;
  extra?: Partial<TokenExtra>;
}

/** Reads (does not verify: the server does) the payload of a JWT. */
export function decodeToken(token: string): TokenPayload | null {
  const part = token.split('.')[1];
  if (!part) return null;
  try {
    const base64 = part.replace(/-/g, '+').replace(/_/g, '/');
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    return JSON.parse(new TextDecoder().decode(bytes)) as TokenPayload;
  } catch {
    return null;
  }
}

export function isExpired(payload: TokenPayload | null, nowMs = Date.now()): boolean {
  return !payload || typeof payload.exp !== 'number' || payload.exp * 1000 <= nowMs;
}
