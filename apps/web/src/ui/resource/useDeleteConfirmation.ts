import { App } from 'antd';
import { useCallback } from 'react';
import { useLatest } from './useLatest';

interface DeleteConfirmationOptions<Row, A> {
  title: string;
  content: (row: Row) => string;
  /** 'Yes' and 'No' in the screen's words. */
  okText: string;
  cancelText: string;
  remove: (row: Row) => Promise<A>;
  /** The screen's success message. */
  onDeleted: (answer: A) => void;
  onError: (error: unknown) => void;
  /** Reloads the list, after a delete and after a refused one alike. */
  reload: () => unknown;
}

/** A row's Delete: a confirmation (the danger button), the call, a message, and a reload either way. */
export function useDeleteConfirmation<Row, A = unknown>(options: DeleteConfirmationOptions<Row, A>) {
  const { modal } = App.useApp();
  const latest = useLatest(options);
  return useCallback(
    (row: Row) => {
      const { title, content, okText, cancelText } = latest.current;
      modal.confirm({
        title,
        content: content(row),
        okText,
        cancelText,
        okButtonProps: { danger: true },
        onOk: async () => {
          const { remove, onDeleted, onError, reload } = latest.current;
          try {
            onDeleted(await remove(row));
          } catch (error) {
            onError(error);
          } finally {
            void reload();
          }
        },
      });
    },
    [modal, latest],
  );
}
