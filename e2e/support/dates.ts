import { expect } from 'vitest';
import type { Page } from 'playwright-core';

/** A day counted from today in Bangkok (the test browser's zone): as typed (dd/mm/yyyy) and as yyyymmdd. */
export function bangkokDay(days = 0): { shown: string; compact: string } {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Asia/Bangkok',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(new Date(Date.now() + days * 86_400_000));
  const part = (type: string) => parts.find((entry) => entry.type === type)?.value ?? '';
  return {
    shown: `${part('day')}/${part('month')}/${part('year')}`,
    compact: `${part('year')}${part('month')}${part('day')}`,
  };
}

/** Types a day (dd/mm/yyyy) into the date picker labelled `label` and waits until it holds it. */
export async function pickDate(page: Page, label: string, day: string): Promise<void> {
  const input = page.getByLabel(label, { exact: true });
  await input.click();
  await input.fill(day);
  await input.press('Enter');
  await expect.poll(() => input.inputValue()).toBe(day);
  // The calendar may stay open over the next field: close it (the typed day is kept).
  await input.press('Escape');
  await expect.poll(() => input.inputValue()).toBe(day);
}

/** The page itself never scrolls sideways at 1366 px (a wide table scrolls inside itself). */
export async function expectNoPageOverflow(page: Page): Promise<void> {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}
