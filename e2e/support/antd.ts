import { expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';

/** The open (not hidden) dropdown of an Ant Design Select. */
export function openDropdown(page: Page): Locator {
  return page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
}

/**
 * Opens the Ant Design Select `field` (its combobox), clicks the option whose text contains `option`
 * and waits until the dropdown closes.
 */
export async function chooseOption(page: Page, field: Locator, option: string | RegExp): Promise<void> {
  await field.click();
  const dropdown = openDropdown(page);
  await dropdown.waitFor();
  await dropdown.locator('.ant-select-item-option').filter({ hasText: option }).first().click();
  await dropdown.waitFor({ state: 'hidden' });
}

/** A dialog (Modal) whose text contains `text`. */
export function dialogWith(page: Page, text: string | RegExp): Locator {
  return page.getByRole('dialog').filter({ hasText: text });
}

/**
 * Clicks `button` of a confirmation until the confirmation closes: a click during its opening
 * animation can be lost.
 */
export async function clickUntilGone(button: Locator, timeout = 15_000): Promise<void> {
  await button.waitFor();
  await expect
    .poll(
      async () => {
        if (await button.isVisible()) await button.click({ timeout: 2_000 }).catch(() => undefined);
        return button.isVisible();
      },
      { timeout, interval: 500 },
    )
    .toBe(false);
}

/** Waits for the information dialog (modal.success / info / warning) saying `title`, presses `ok`. */
export async function acknowledge(page: Page, title: string | RegExp, ok = 'OK'): Promise<void> {
  const dialog = page.locator('.ant-modal-confirm').filter({ hasText: title });
  await clickUntilGone(dialog.getByRole('button', { name: ok }));
}

/**
 * How an Ant Design table fits its card: how far its content scrolls sideways (0 = it fits), and the
 * header and body cells whose text is cut (wider than the cell: hidden or ended by '…').
 */
export async function tableFit(table: Locator): Promise<{ sideways: number; cut: string[] }> {
  return table.evaluate((element) => {
    // An element holding text of its own (not a switch's hidden labels and the like) that overflows.
    const ownText = (inner: HTMLElement) =>
      Array.from(inner.childNodes).some((node) => node.nodeType === 3 && (node.textContent ?? '').trim());
    const isCut = (cell: HTMLElement) =>
      [cell, ...Array.from(cell.querySelectorAll<HTMLElement>('*'))].some(
        (inner) => inner.clientWidth > 0 && inner.scrollWidth > inner.clientWidth + 1 && ownText(inner),
      );
    const content = element.querySelector('.ant-table-content, .ant-table-body');
    const cells = Array.from(element.querySelectorAll<HTMLElement>('thead th, tbody tr.ant-table-row td'));
    return {
      sideways: content ? content.scrollWidth - content.clientWidth : 0,
      cut: cells.filter(isCut).map((cell) => cell.innerText.trim()),
    };
  });
}
