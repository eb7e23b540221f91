import type { Page } from 'playwright-core';

/**
 * The words a Thai screen may show in Latin letters, because Thai operators read and type them as they
 * are (issue 17 point 2). Kept short on purpose; anything else in Latin letters only is untranslated.
 *
 * - Product and protocol names and their usual abbreviations, which Thai writes in Latin too: LIS, sFTP /
 *   SFTP, DMS, API, URL, SMTP, ID, IP, JSON, CSV, Excel, PDF, ZIP, cron (the expression's own name),
 *   Quartz (the scheduler the spec names), Legacy (the systems' name in the menu: "งาน Legacy").
 * - The spec's status codes, shown as codes in every language so that they match the logs and the
 *   e-mails: SUCCESS, ERROR, WARNING, RUNNING, SUSPEND, FINISHED, STOPPED (issue 31, decision 0037), KEPT,
 *   WAIT, S/E (the Application Log's
 *   status letters), Y/N (the spec's flag values).
 * - The spec's job states ACTIVE and SUSPEND beside them, and its system id field SID.
 * - Date and time patterns shown as input hints: HH:mm, DD-MM-YYYY and their parts; the unit ms (the
 *   header's latency, an SI symbol that Thai writes in Latin letters too).
 * - EN: the language switch's label for English (its Thai option reads ไทย).
 * Tokens in UPPER_SNAKE_CASE (IN_WAIT, LEGACY_ID) and e-mail placeholders (%MESSAGE%) are the spec's
 * field codes, job types and template variables, which the spec itself keeps in English.
 */
export const ALLOWED_LATIN_WORDS: readonly string[] = [
  'LIS',
  'sFTP',
  'SFTP',
  'DMS',
  'API',
  'URL',
  'SMTP',
  'ID',
  'IP',
  'JSON',
  'CSV',
  'Excel',
  'PDF',
  'ZIP',
  'cron',
  'Cron',
  'Quartz',
  'Legacy',
  'SUCCESS',
  'ERROR',
  'WARNING',
  'RUNNING',
  'SUSPEND',
  'FINISHED',
  'STOPPED',
  'KEPT',
  'WAIT',
  'ACTIVE',
  'SID',
  'S',
  'E',
  'Y',
  'N',
  'HH',
  'mm',
  'ss',
  'DD',
  'MM',
  'YYYY',
  'ms',
  'EN',
];

/**
 * Data, not wording: a table's body rows (its empty-state row is wording), what is typed or chosen in a
 * field, code and log text, Ant Design's selected options (a company code, a server id, a job type), the
 * values of a description list, and whatever a screen marks with `data-value` or `translate="no"` (the
 * user's name, the version, e-mail addresses). A placeholder that is one example value without spaces
 * (name@example.com, https://host/api, {name}.done) is data too, and so is a chart's label that is a
 * record's id (MON-OK, MON · MON-OK: capitals and digits with - _ or ., joined by ·).
 */
export const DATA_VALUE_SELECTOR = [
  '.ant-table-row',
  'input',
  'textarea',
  'select',
  'code',
  'pre',
  'kbd',
  '.ant-select-selection-item',
  '.ant-select-selection-overflow-item',
  '.ant-select-content-has-value',
  '.ant-descriptions-item-content',
  '[data-value]',
  '[translate="no"]',
  'script',
  'style',
  'noscript',
].join(', ');

/** Inside data, still wording: the action buttons of a table row (Edit, Delete, Test). */
export const WORDING_IN_DATA_SELECTOR = '.ant-table-row .ant-btn';

export interface LatinOnlyText {
  text: string;
  /** A CSS path of the element that holds the text. */
  path: string;
}

interface ScanOptions {
  allowed: readonly string[];
  dataSelector: string;
  wordingSelector: string;
}

/**
 * Runs in the page: every visible text node (and the placeholder of every visible empty field) that has
 * Latin letters and no Thai, once the allowed words and spec codes are taken out.
 */
function scanPage({ allowed, dataSelector, wordingSelector }: ScanOptions): LatinOnlyText[] {
  const allowedWords = new Set(allowed);
  const thai = /[\u0E00-\u0E7F]/;
  const latin = /[A-Za-z]/;
  const specCode = /^[A-Z0-9]+(_[A-Z0-9]+)+$/;
  const exampleValue = /^[^\s]*[@.:/{*|][^\s]*$/;
  const recordId = /^(?=.*[-_.0-9])[A-Z0-9][A-Z0-9_.-]*( · [A-Z0-9][A-Z0-9_.-]*)*$/;
  const isLatinOnly = (text: string) => {
    if (thai.test(text) || !latin.test(text)) return false;
    const rest = text
      .replace(/%[A-Z0-9_]+%/g, '')
      .replace(/[A-Za-z][A-Za-z0-9_]*/g, (word) =>
        allowedWords.has(word) || specCode.test(word) ? '' : word,
      );
    return latin.test(rest);
  };
  const cssPath = (element: Element) => {
    const parts: string[] = [];
    for (let node: Element | null = element; node && node !== document.body; node = node.parentElement) {
      let part = node.tagName.toLowerCase();
      const testId = node.getAttribute('data-testid');
      if (node.id) {
        parts.unshift(`${part}#${node.id}`);
        break;
      }
      if (testId) part += `[data-testid="${testId}"]`;
      else {
        const classes = Array.from(node.classList).filter(
          (name) => !/(-|^)(active|open|hover|focused)/.test(name),
        );
        if (classes.length) part += `.${classes.slice(0, 2).join('.')}`;
      }
      parts.unshift(part);
    }
    return parts.slice(-6).join(' > ');
  };
  const isData = (element: Element) =>
    element.closest(dataSelector) !== null && element.closest(wordingSelector) === null;
  const visible = (element: Element) =>
    element.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true }) &&
    element.getClientRects().length > 0;

  const found: LatinOnlyText[] = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = (node.nodeValue ?? '').replace(/\s+/g, ' ').trim();
    const parent = node.parentElement;
    if (!text || !parent || isData(parent) || !isLatinOnly(text)) continue;
    if (parent.closest('svg') && recordId.test(text)) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    const shown = Array.from(range.getClientRects()).some((rect) => rect.width > 0 && rect.height > 0);
    if (shown && visible(parent)) found.push({ text, path: cssPath(parent) });
  }
  const fields = document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>(
    'input[placeholder], textarea[placeholder]',
  );
  for (const field of Array.from(fields)) {
    const text = field.placeholder.trim();
    const data = field.closest('[translate="no"], [data-value]') || exampleValue.test(text);
    if (!field.value && !data && visible(field) && isLatinOnly(text)) {
      found.push({ text: `placeholder: ${text}`, path: cssPath(field) });
    }
  }
  return found;
}

/** The Latin-only texts the page shows now (see ALLOWED_LATIN_WORDS and DATA_VALUE_SELECTOR). */
export async function latinOnlyTexts(page: Page): Promise<LatinOnlyText[]> {
  return page.evaluate(scanPage, {
    allowed: ALLOWED_LATIN_WORDS,
    dataSelector: DATA_VALUE_SELECTOR,
    wordingSelector: WORDING_IN_DATA_SELECTOR,
  });
}

const sameTexts = (a: LatinOnlyText[], b: LatinOnlyText[]) => JSON.stringify(a) === JSON.stringify(b);

/** The page's requests still in flight, but for the run-event stream, which stays open. */
const inFlight = new WeakMap<Page, Set<unknown>>();

/** Starts counting the page's requests (call once, before the first navigation). */
export function trackRequests(page: Page): void {
  const pending = new Set<unknown>();
  inFlight.set(page, pending);
  page.on('request', (request) => {
    if (!request.url().includes('/v1/events')) pending.add(request);
  });
  page.on('requestfinished', (request) => pending.delete(request));
  page.on('requestfailed', (request) => pending.delete(request));
}

/**
 * Waits until the page has stopped loading (no request in flight, no spinner, no skeleton, the same
 * texts in two scans in a row) and returns its Latin-only texts.
 */
export async function settledLatinOnlyTexts(page: Page, timeout = 15_000): Promise<LatinOnlyText[]> {
  const deadline = Date.now() + timeout;
  const pending = inFlight.get(page);
  let previous: LatinOnlyText[] | undefined;
  for (;;) {
    await page.waitForFunction(
      () => !document.querySelector('.ant-spin-spinning, .ant-skeleton-active, .ant-btn-loading'),
      undefined,
      { timeout: Math.max(1, deadline - Date.now()), polling: 100 },
    );
    const texts = await latinOnlyTexts(page);
    const quiet = !pending || pending.size === 0;
    if (quiet && previous && sameTexts(previous, texts)) return texts;
    if (Date.now() > deadline) return texts;
    previous = quiet ? texts : undefined;
    // Scan again once the next frame is painted: what was answered in between is on screen.
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
    );
  }
}
