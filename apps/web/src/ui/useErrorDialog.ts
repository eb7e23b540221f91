import { useCallback } from 'react';
import { App } from 'antd';
import type { ReactNode } from 'react';
import { useT } from '../platform/i18n/I18nProvider';
import { errorText, isNetworkError } from './error-message';
import { uiMessages } from './ui-messages';

export interface ErrorDialogOptions {
  /** Defaults to 'Error' / 'ข้อผิดพลาด' (spec 000 §8). */
  title?: ReactNode;
  onOk?: () => void;
  /** Spec 000 §8: when the server cannot be reached, confirming reloads the page. */
  reloadOnNetworkError?: boolean;
}

/**
 * The error dialogs open now in each console (antd App), by title and text: when several calls fail
 * the same way at once (the server cannot be reached), the user gets one dialog, not a stack of them.
 */
const openDialogsOf = new WeakMap<object, Set<string>>();

/**
 * `const showError = useErrorDialog(); showError(error)` — a dialog titled 'Error' with the server's
 * message (an `ApiError`'s message, or any text), and the connection message when there was no answer.
 */
export function useErrorDialog(): (error: unknown, options?: ErrorDialogOptions) => void {
  const { modal } = App.useApp();
  const t = useT(uiMessages);
  return useCallback(
    (error: unknown, options: ErrorDialogOptions = {}) => {
      const offline = isNetworkError(error);
      const title = options.title ?? t('errorTitle');
      const content = offline ? t('cannotConnect') : errorText(error, t('unknownError'));
      const openDialogs = openDialogsOf.get(modal) ?? new Set<string>();
      openDialogsOf.set(modal, openDialogs);
      const key = typeof title === 'string' ? `${title}\u0000${content}` : undefined;
      if (key !== undefined) {
        if (openDialogs.has(key)) return;
        openDialogs.add(key);
      }
      modal.error({
        title,
        content,
        okText: t('ok'),
        onOk: () => {
          options.onOk?.();
          if (offline && options.reloadOnNetworkError) window.location.reload();
        },
        afterClose: () => {
          if (key !== undefined) openDialogs.delete(key);
        },
      });
    },
    [modal, t],
  );
}

/** Turns an error into the text the user reads (for inline alerts rather than dialogs). */
export function useErrorText(): (error: unknown) => string {
  const t = useT(uiMessages);
  return useCallback(
    (error: unknown) => (isNetworkError(error) ? t('cannotConnect') : errorText(error, t('unknownError'))),
    [t],
  );
}
