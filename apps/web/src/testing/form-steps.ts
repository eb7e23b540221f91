import { within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { findDialog } from './find-dialog';
import { getButton } from './user';

/** Presses the button named `button` (on the page, or in `container`) and answers the dialog titled `title`. */
export async function openDialog(
  user: UserEvent,
  button: string | RegExp,
  title: string | RegExp,
  container?: ParentNode,
) {
  await user.click(getButton(button, container));
  return findDialog(title);
}

/** Types each value into the field of `container` labelled by its key, in the order given. */
export async function typeInto(user: UserEvent, container: HTMLElement, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) {
    await user.type(within(container).getByLabelText(label), value);
  }
}
