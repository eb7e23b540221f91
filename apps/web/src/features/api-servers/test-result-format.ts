import type { FappTestResponse } from '@lis/contracts';
import type { Language } from '../../platform/i18n/language';
import { displayTimeZone } from '../../ui/table-dates';

/** The spec's 11 fields of the API test response, in its order (spec 001 §3). */
export const TEST_RESULT_FIELDS = [
  'percentTotalCPUUsage',
  'percentProcessCPUUsage',
  'megaByteTotalMemory',
  'megaByteFreeMemory',
  'megaByteProcessMemoryUsage',
  'serverVersion',
  'serverOS',
  'serverTime',
  'serverSession',
  'functionUsage',
  'clientUUID',
] as const satisfies readonly (keyof FappTestResponse)[];
export type TestResultField = (typeof TEST_RESULT_FIELDS)[number];

const locale = (language: Language) => (language === 'th' ? 'th-TH' : 'en-GB');

/** One field as the user reads it: percentages, megabytes, a local date-time, or the text as sent. */
export function formatTestField(
  result: FappTestResponse,
  field: TestResultField,
  language: Language,
): string {
  const number = (value: number, digits: number) =>
    Number.isFinite(value)
      ? value.toLocaleString(locale(language), { maximumFractionDigits: digits, minimumFractionDigits: 0 })
      : '—';
  switch (field) {
    case 'percentTotalCPUUsage':
    case 'percentProcessCPUUsage':
      return `${number(result[field], 2)} %`;
    case 'megaByteTotalMemory':
    case 'megaByteFreeMemory':
    case 'megaByteProcessMemoryUsage':
      return `${number(result[field], 1)} MB`;
    case 'functionUsage':
      return number(result.functionUsage, 0);
    case 'serverTime': {
      const time = Date.parse(result.serverTime);
      if (!result.serverTime || Number.isNaN(time)) return result.serverTime || '—';
      return new Date(time).toLocaleString(locale(language), {
        dateStyle: 'medium',
        timeStyle: 'medium',
        calendar: 'gregory',
        timeZone: displayTimeZone(),
      });
    }
    default:
      return result[field] || '—';
  }
}
