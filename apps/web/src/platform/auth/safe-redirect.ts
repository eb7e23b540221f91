import { ASCII_CONTROL_CHARACTERS } from '@lis/contracts';

const PROBE_ORIGIN = 'http://lis.invalid';

/**
 * A redirect target that can only stay on this console: a same-origin relative path (one leading '/',
 * not '//' or '/\', no scheme, no control characters or backslashes, which browsers may turn into '/'),
 * before and after dot segments are resolved.
 * Anything else gives `null`, and the caller falls back to '/'.
 */
export function safeRedirectPath(value: string | null | undefined): string | null {
  if (!value || value.length > 2048) return null;
  if (!value.startsWith('/') || value.startsWith('//')) return null;
  if (ASCII_CONTROL_CHARACTERS.test(value) || value.includes('\\')) return null;
  try {
    const url = new URL(value, PROBE_ORIGIN);
    if (url.origin !== PROBE_ORIGIN) return null;
    const normalised = `${url.pathname}${url.search}${url.hash}`;
    // Normalising can make '//host' of '/.//host' or '/a/..//host': the result is checked again.
    if (!normalised.startsWith('/') || normalised.startsWith('//') || normalised.includes('\\')) return null;
    return normalised;
  } catch {
    return null;
  }
}

/** An address outside the console (the portal) that may be opened: http or https only. */
export function safeExternalUrl(value: string | null | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.toString() : null;
  } catch {
    return null;
  }
}
