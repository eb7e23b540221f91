import { useCallback } from 'react';
import { App } from 'antd';
import type { ReactNode } from 'react';
import { useT } from '../app/i18n/I18nProvider';
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
 * `const showError = useErrorDialog(); showError(error)` — a dialog titled 'Error' with the server's
 * message (an `ApiError`'s message, or any text), and the connection message when there was no answer.
 */
export function useErrorDialog(): (error: unknown, options?: ErrorDialogOptions) => void {
  const { modal } = App.useApp();
  const t = useT(uiMessages);
  return useCallback(
    (error: unknown, options: ErrorDialogOptions = {}) => {
      const offline = isNetworkError(error);
      modal.error({
        title: options.title ?? t('errorTitle'),
        content: offline ? t('cannotConnect') : errorText(error, t('unknownError')),
        okText: t('ok'),
        onOk: () => {
          options.onOk?.();
          if (offline && options.reloadOnNetworkError) window.location.reload();
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
