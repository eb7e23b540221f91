import { useCallback, useState } from 'react';
import { useLatest } from './useLatest';

export type FormMode = 'add' | 'edit';

export interface FormTarget<R> {
  mode: FormMode;
  /** What the form starts from: the record edited, a template, empty values, or null. */
  record: R;
  /** A new number per opening: a modal keyed by it (and its form) starts afresh each time. */
  seq: number;
}

/** The state a form modal shows and its two ways out. */
export interface FormModalState<V> {
  open: boolean;
  saving: boolean;
  onSubmit: (values: V) => void;
  onClose: () => void;
}

export interface ResourceFormOptions<R, V, A> {
  /** What an Add form starts from. */
  empty: () => R;
  save: (mode: FormMode, values: V, record: R) => Promise<A>;
  /** After a save (the form is closed by then): the screen's success message. */
  onSaved: (answer: A) => void;
  /** A refused or failed save; the form stays open so nothing typed is lost. */
  onError: (error: unknown) => void;
  /** Reloads the list (and whatever follows the saved record). */
  reload: () => unknown;
  /** `always` (the default): the list reloads after a failed save too; `saved`: only after a save. */
  reloadAfter?: 'always' | 'saved';
}

/**
 * The add/edit form modal of a configuration screen: which record it shows (kept after closing, so
 * the title does not change during the close animation), whether it is open, and the save.
 */
export function useResourceForm<R, V, A = unknown>(options: ResourceFormOptions<R, V, A>) {
  const latest = useLatest(options);
  const [open, setOpen] = useState(false);
  const [target, setTarget] = useState<FormTarget<R>>(() => ({
    mode: 'add',
    record: options.empty(),
    seq: 0,
  }));
  const [saving, setSaving] = useState(false);

  const openWith = useCallback((mode: FormMode, record: R) => {
    setTarget((current) => ({ mode, record, seq: current.seq + 1 }));
    setOpen(true);
  }, []);
  const openAdd = useCallback(() => openWith('add', latest.current.empty()), [openWith, latest]);
  const openEdit = useCallback((record: R) => openWith('edit', record), [openWith]);
  const close = useCallback(() => setOpen(false), []);

  const submit = useCallback(
    async (values: V) => {
      const { save, onSaved, onError, reload, reloadAfter = 'always' } = latest.current;
      setSaving(true);
      try {
        const answer = await save(target.mode, values, target.record);
        setOpen(false);
        onSaved(answer);
        if (reloadAfter === 'saved') void reload();
      } catch (error) {
        onError(error);
      } finally {
        setSaving(false);
        if (reloadAfter === 'always') void reload();
      }
    },
    [latest, target],
  );

  /** What every form modal of the kit takes: `<XFormModal {...form.modal} … />`. */
  const modal: FormModalState<V> = {
    open,
    saving,
    onSubmit: (values) => void submit(values),
    onClose: close,
  };
  return { open, target, saving, openWith, openAdd, openEdit, close, submit, modal };
}
