import type { CalendarDefinition } from '@lis/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ApiError } from '../../platform/api/http';
import { calendarKeys, previewCalendar } from './calendar-api';
import { useDebounced } from './useDebounced';

const SETTLE_MS = 300;

/**
 * The server's preview of `definition` for one month (POST /v1/calendars/preview), asked again when
 * the definition has stayed unchanged for a moment. A server without the route answers 404:
 * `unavailable`, never a preview made up here.
 */
export function useMonthPreview(
  companyCode: string,
  definition: CalendarDefinition | undefined,
  month: string,
) {
  const text = useDebounced(definition ? JSON.stringify(definition) : '', SETTLE_MS);
  const query = useQuery({
    queryKey: calendarKeys.preview(companyCode, month, text),
    queryFn: ({ signal }) =>
      previewCalendar(companyCode, JSON.parse(text) as CalendarDefinition, month, signal),
    enabled: text !== '' && companyCode !== '',
    placeholderData: keepPreviousData,
    retry: false,
    staleTime: 60_000,
  });
  const error = query.error;
  return {
    preview: query.isError ? undefined : query.data,
    loading: query.isFetching,
    unavailable: error instanceof ApiError && error.status === 404,
    error: error instanceof ApiError && error.status === 404 ? null : error,
  };
}
