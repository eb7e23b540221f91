import { useCallback, useState } from 'react';

/** Where a user's "Errors first" choice is kept: one key per user name, so that users of one browser differ. */
export const errorsFirstStorageKey = (username: string) => `LIS_ERRORS_FIRST_${username}`;

/** On unless this user turned it off (LIS issue 31 point 8: on by default). */
function storedChoice(key: string): boolean {
  return globalThis.localStorage?.getItem(key) !== 'false';
}

/**
 * The monitoring report's "Errors first" switch: on by default and remembered per user across reloads
 * in this browser (localStorage keyed by the user name; LIS keeps no per-user settings on the server,
 * so another device starts with the default, on). Follows the signed-in user when it changes.
 */
export function useErrorsFirst(username: string): [boolean, (on: boolean) => void] {
  const key = errorsFirstStorageKey(username);
  const [state, setState] = useState(() => ({ key, on: storedChoice(key) }));
  // Another user signed in (or the name arrived): that user's own choice.
  const current = state.key === key ? state : { key, on: storedChoice(key) };
  if (current !== state) setState(current);
  const choose = useCallback(
    (on: boolean) => {
      localStorage.setItem(key, String(on));
      setState({ key, on });
    },
    [key],
  );
  return [current.on, choose];
}
