/**
 * The monitoring report's columns (spec 000 §2) by key, and which of them show. The identity (menu,
 * legacy ID and name), the latest status, the steps and the next fire always show; the others show as
 * the user chose them, or — the default — as many as fit the table's width, in this order of priority.
 */
export const BASE_COLUMNS = ['menu', 'identity', 'status', 'steps', 'next'] as const;
export const OPTIONAL_COLUMNS = [
  'paths',
  'message',
  'start',
  'jobno',
  'company',
  'finish',
  'index',
  'type',
] as const;
export type BaseColumn = (typeof BASE_COLUMNS)[number];
export type OptionalColumn = (typeof OPTIONAL_COLUMNS)[number];
export type ReportColumn = BaseColumn | OptionalColumn;

/** Left to right: the identity first (sticky), then what tells the state, then the rest. */
export const COLUMN_ORDER: readonly ReportColumn[] = [
  'menu',
  'index',
  'company',
  'identity',
  'status',
  'steps',
  'next',
  'start',
  'finish',
  'jobno',
  'type',
  'paths',
  'message',
];
/** Sticky on the left when the table scrolls sideways. */
export const STICKY_COLUMNS: ReadonlySet<ReportColumn> = new Set(['menu', 'index', 'company', 'identity']);

/** The message takes the width left over, but not less than this. */
export const MESSAGE_MIN_WIDTH = 180;
/** Once the message shows, the columns after it in priority show only if it keeps this much. */
export const MESSAGE_COMFORT_WIDTH = 320;

/** The columns shown at `available` px: every base column, then the optional ones while they fit. */
export function fittingColumns(
  available: number,
  widthOf: (column: ReportColumn) => number,
): OptionalColumn[] {
  let used = BASE_COLUMNS.reduce((sum, column) => sum + widthOf(column), 0);
  let messageShown = false;
  const shown: OptionalColumn[] = [];
  for (const column of OPTIONAL_COLUMNS) {
    const width = column === 'message' ? MESSAGE_MIN_WIDTH : widthOf(column);
    const keep = messageShown ? MESSAGE_COMFORT_WIDTH - MESSAGE_MIN_WIDTH : 0;
    if (used + width + keep > available) continue;
    used += width;
    shown.push(column);
    if (column === 'message') messageShown = true;
  }
  return shown;
}

/** What the user chose: `auto` (fit the window), or the optional columns to show. */
export type ColumnChoice = { auto: true } | { auto: false; shown: OptionalColumn[] };

const isOptional = (value: unknown): value is OptionalColumn =>
  (OPTIONAL_COLUMNS as readonly unknown[]).includes(value);

/** A stored choice, read leniently: anything unreadable is `auto`. */
export function parseColumnChoice(stored: string | null): ColumnChoice {
  if (!stored) return { auto: true };
  try {
    const value: unknown = JSON.parse(stored);
    if (Array.isArray(value)) return { auto: false, shown: value.filter(isOptional) };
  } catch {
    // fall through
  }
  return { auto: true };
}

export const serializeColumnChoice = (choice: ColumnChoice): string | null =>
  choice.auto ? null : JSON.stringify(choice.shown);
