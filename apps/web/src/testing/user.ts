import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';

/*
 * Fast ways through a screen under jsdom. With Ant Design's style sheets in the document, every
 * getComputedStyle walks thousands of rules: user-event calls it on each click (the pointer-events
 * check) and a role query on every element it considers (whether it is hidden). Those are what made
 * the heavy screen tests slow (issue 20), not what they check.
 */

/** A user that neither waits between actions nor checks `pointer-events` (the console never sets it). */
export const setupUser = () =>
  userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });

const nameOf = (button: HTMLButtonElement) =>
  button.getAttribute('aria-label') ?? button.textContent?.replace(/\s+/g, ' ').trim() ?? '';

/**
 * The one button named `name` (its aria-label, else its text) in `container`: what
 * `getByRole('button', { name })` finds among the buttons on show, without the style walk.
 */
export function getButton(name: string | RegExp, container: ParentNode = document.body): HTMLButtonElement {
  const matches = [...container.querySelectorAll('button')].filter((button) => {
    const text = nameOf(button);
    return typeof name === 'string' ? text === name : name.test(text);
  });
  if (matches.length !== 1)
    throw new Error(`${matches.length} buttons named ${String(name)}, expected exactly one`);
  return matches[0]!;
}

/** Whether a button named `name` is there (`queryByRole('button', { name })`). */
export const hasButton = (name: string | RegExp, container: ParentNode = document.body) =>
  [...container.querySelectorAll('button')].some((button) =>
    typeof name === 'string' ? nameOf(button) === name : name.test(nameOf(button)),
  );
