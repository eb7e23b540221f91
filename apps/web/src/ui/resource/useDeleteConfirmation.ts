import { App } from 'antd';
import { useCallback } from 'react';
import { useLatest } from './useLatest';

interface DeleteConfirmationOptions<Row, A> {
  /** The screen's words: 'Delete data?', 'Yes' and 'No'. */
  t: (key: 'deleteTitle' | 'yes' | 'no') => string;
  content: (row: Row) => string;
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
      const { t, content } = latest.current;
      modal.confirm({
        title: t('deleteTitle'),
        content: content(row),
        okText: t('yes'),
        cancelText: t('no'),
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
