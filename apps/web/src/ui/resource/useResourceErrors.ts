import { useMemo } from 'react';
import { ApiError } from '../../platform/api/http';
import { useErrorDialog } from '../useErrorDialog';

/**
 * When a failure's dialog carries the screen's 'Not successful' title instead of 'Error':
 * `never`, `always`, `answered` (the server answered, so it refused), or a rule of the screen's own.
 */
export type RefusalRule = 'never' | 'always' | 'answered' | ((error: ApiError) => boolean);

const isRefusal = (error: unknown, rule: RefusalRule): boolean => {
  if (rule === 'always' || rule === 'never') return rule === 'always';
  if (!(error instanceof ApiError)) return false;
  return rule === 'answered' ? error.status > 0 : rule(error);
};

/**
 * The error dialogs of a configuration screen (spec 001 §8), with the server's message. A 401 shows
 * nothing: the app shell already takes the user back to sign-in, a dialog on top would only be noise.
 */
export function useResourceErrors(notSuccessful: string) {
  const showErrorDialog = useErrorDialog();
  return useMemo(() => {
    const show = (error: unknown, rule: RefusalRule, title = notSuccessful) => {
      if (error instanceof ApiError && error.status === 401) return;
      showErrorDialog(error, isRefusal(error, rule) ? { title } : undefined);
    };
    return {
      show,
      /** Titled 'Error'. */
      showError: (error: unknown) => show(error, 'never'),
      /** Titled 'Not successful' (or `title`) when the server answered, 'Error' otherwise. */
      showRefused: (error: unknown, title?: string) => show(error, 'answered', title),
      /** Always titled 'Not successful' (or `title`). */
      showNotSuccessful: (error: unknown, title?: string) => show(error, 'always', title),
    };
  }, [showErrorDialog, notSuccessful]);
}
