import type { CalendarDefinition, CalendarType } from '@lis/contracts';
import { useCallback } from 'react';
import { useT } from '../../platform/i18n/I18nProvider';
import { typeChain } from './calendar-form';
import { calendarMessages, weekdayMessages } from './calendars.i18n';

const TYPE_KEYS = {
  holiday: 'typeHoliday',
  annual: 'typeAnnual',
  weekly: 'typeWeekly',
  monthly: 'typeMonthly',
  daily: 'typeDaily',
  cron: 'typeCron',
} as const satisfies Record<CalendarType, string>;

const LISTED = 6;
const listed = (items: readonly (string | number)[]) =>
  items.length > LISTED ? `${items.slice(0, LISTED).join(', ')}, … (${items.length})` : items.join(', ');

/** A calendar's words: its type's name, one line of what it excludes, the types of its base chain. */
export function useCalendarWords() {
  const t = useT(calendarMessages);
  const day = useT(weekdayMessages);
  const typeName = useCallback((type: CalendarType) => t(TYPE_KEYS[type]), [t]);

  const oneLine = useCallback(
    (definition: CalendarDefinition): string => {
      const zone = definition.tz ? ` [${definition.tz}]` : '';
      const head = `${typeName(definition.type)}${zone}`;
      switch (definition.type) {
        case 'holiday':
          return `${head}: ${listed(definition.dates)}`;
        case 'annual':
          return `${head}: ${listed(definition.days)}`;
        case 'weekly':
          return `${head}: ${listed(definition.exclude.map((weekday) => day(weekday)))}`;
        case 'monthly':
          return `${head}: ${listed(definition.exclude)}`;
        case 'daily':
          return `${head}: ${definition.from}–${definition.to}${definition.invert ? ` (${t('invert')})` : ''}`;
        case 'cron':
          return `${head}: ${definition.expression}`;
      }
    },
    [t, day, typeName],
  );

  /** Every level of the chain, the calendar's own first. */
  const describe = useCallback(
    (definition: CalendarDefinition): string[] => {
      const lines: string[] = [];
      for (let at: CalendarDefinition | undefined = definition; at; at = at.base) lines.push(oneLine(at));
      return lines;
    },
    [oneLine],
  );

  /** "base: Weekdays → Holiday dates", or '' without a base. */
  const baseChain = useCallback(
    (definition: CalendarDefinition) => {
      const [, ...bases] = typeChain(definition);
      return bases.length ? t('baseChain', { chain: bases.map(typeName).join(' → ') }) : '';
    },
    [t, typeName],
  );

  return { typeName, oneLine, describe, baseChain };
}
