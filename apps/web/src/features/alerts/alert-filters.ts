import type { AlertCondition, AlertListQuery, AlertState } from '@lis/contracts';
import type { Dayjs } from 'dayjs';
import { instantOfWallPick } from '../../ui/zone-wall-time';

/** The filter panel's fields; empty: any. */
export interface AlertFilterValues {
  company_code?: string | undefined;
  condition?: AlertCondition | undefined;
  legacy_id?: string | undefined;
  /** Days of the console's zone (the server's): raised on or after the first, on or before the last. */
  raised?: [Dayjs | null, Dayjs | null] | null | undefined;
}

/** The three tabs: open alerts, acknowledged ones, and every alert (resolved ones too). */
export const ALERT_TABS = ['open', 'acknowledged', 'history'] as const;
export type AlertTab = (typeof ALERT_TABS)[number];

const TAB_STATES: Record<AlertTab, AlertState | undefined> = {
  open: 'open',
  acknowledged: 'acknowledged',
  history: undefined,
};

/**
 * The list's query: the tab's state, the filters (days as the instants their start and the next day's
 * start are in the console's zone), the page.
 */
export function alertListQuery(
  tab: AlertTab,
  filters: AlertFilterValues,
  page: number,
  pageSize: number,
): AlertListQuery {
  const query: AlertListQuery = { page, page_size: pageSize };
  const state = TAB_STATES[tab];
  if (state) query.state = state;
  if (filters.company_code) query.company_code = filters.company_code;
  if (filters.condition) query.condition = filters.condition;
  const legacyId = filters.legacy_id?.trim();
  if (legacyId) query.legacy_id = legacyId;
  const [from, to] = filters.raised ?? [null, null];
  if (from) query.from = instantOfWallPick(from.startOf('day'));
  if (to) query.to = instantOfWallPick(to.add(1, 'day').startOf('day'));
  return query;
}

/** The longest event id the list takes (AlertEventId of the contract). */
const MAX_EVENT_ID = 64;

/** The address's `?event=` (the link an alert is sent with), when it has one. */
export function eventOfAddress(params: URLSearchParams): string | undefined {
  return params.get('event')?.trim() || undefined;
}

/** The one alert of an event, whatever its state (no tab, no filter); none for what cannot be an event id. */
export function eventListQuery(eventId: string, pageSize: number): AlertListQuery | undefined {
  return eventId.length <= MAX_EVENT_ID ? { event_id: eventId, page: 1, page_size: pageSize } : undefined;
}
