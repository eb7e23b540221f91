import { screen, waitFor } from '@testing-library/react';

/**
 * The open dialog whose title (or any text) matches — waiting until one exists. A button on the page
 * may carry the same words as the dialog it opens ("Add …"), so a match outside a dialog is not one.
 */
export function findDialog(title: string | RegExp): Promise<HTMLElement> {
  return waitFor(() => {
    const dialog = screen
      .queryAllByText(title)
      .map((element) => element.closest<HTMLElement>('[role="dialog"]'))
      .filter((element): element is HTMLElement => element !== null)
      .at(-1);
    if (!dialog) throw new Error(`no dialog titled ${String(title)}`);
    return dialog;
  });
}
