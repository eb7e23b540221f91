import type { CronCheckResponse } from '@lis/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { useLanguage } from '../../platform/i18n/I18nProvider';
import type { Language } from '../../platform/i18n/language';
import { checkCron } from './job-tools-api';

/** The builder changes the expression on every click: ask the server once the user pauses. */
export const CRON_CHECK_DEBOUNCE_MS = 300;
/** Next fire times move with the clock: an answer is reused for this long only. */
const CRON_CHECK_STALE_MS = 30_000;

const cronCheckKey = (expression: string, language: Language, timeZone = '') =>
  timeZone
    ? (['cron-check', language, expression, timeZone] as const)
    : (['cron-check', language, expression] as const);

function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}

export interface CronCheckState {
  /** The server's answer for exactly `expression` (undefined while waiting or when empty). */
  result: CronCheckResponse | undefined;
  checking: boolean;
  error: Error | null;
}

/**
 * The server's check of `expression` (validity, description in the console's language, next fires),
 * asked only after the expression stayed the same for CRON_CHECK_DEBOUNCE_MS; an answer already known
 * (e.g. from the Validator button) shows at once. `timeZone`: the zone the expression is read in
 * (default: the server's).
 */
export function useCronCheck(expression: string, timeZone?: string): CronCheckState {
  const { language } = useLanguage();
  const debounced = useDebouncedValue(expression, CRON_CHECK_DEBOUNCE_MS);
  const query = useQuery({
    queryKey: cronCheckKey(expression, language, timeZone),
    queryFn: () => checkCron(expression, language, timeZone),
    enabled: expression !== '' && debounced === expression,
    staleTime: CRON_CHECK_STALE_MS,
  });
  if (expression === '') return { result: undefined, checking: false, error: null };
  return {
    result: query.data,
    checking: query.data === undefined && query.error === null,
    error: query.error,
  };
}

/** Checks an expression now (the Validator button), sharing the answer with useCronCheck. */
export function useCronCheckNow(): (expression: string) => Promise<CronCheckResponse> {
  const { language } = useLanguage();
  const queryClient = useQueryClient();
  return useCallback(
    (expression: string) =>
      queryClient.fetchQuery({
        queryKey: cronCheckKey(expression, language),
        queryFn: () => checkCron(expression, language),
        staleTime: CRON_CHECK_STALE_MS,
      }),
    [queryClient, language],
  );
}
