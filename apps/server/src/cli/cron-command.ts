import {
  CronSyntaxError,
  describeCron,
  isKnownTimeZone,
  nextFireTimes,
  parseCron,
  validateCron,
  type CronDescriptionLanguage,
} from '../engine/cron/index.js';
import { parseBusinessDayRule, type BusinessDayRule } from '@lis/contracts';
import {
  businessDayRuleProblem,
  MAX_CALENDAR_CANDIDATES,
  nextIncludedFireTimes,
  nextRuleFireTimes,
} from '../engine/calendar/index.js';
import { CalendarFileError, readCalendarFile } from './calendar-file.js';

export const CRON_USAGE = `Usage: lis cron <command> [options] "<expression>"

Quartz cron expressions: 6 or 7 fields — seconds minutes hours day-of-month month day-of-week [year],
with exactly one of day-of-month and day-of-week set to '?'.

Commands:
  next       Print the next fire times as ISO-8601 UTC instants, one a line
             (nothing when the expression never fires again).
               --tz <zone>     IANA time zone (default: LIS_TIMEZONE, else the machine's zone)
               --from <time>   ISO-8601 instant with Z or an offset (default: now); times are strictly after it
               --count <n>     how many, 1-1000 (default 10)
               --calendar <file>  a business calendar (JSON, docs/calendars.md): only the fire times it
                               includes, as Quartz 2.3.2 computes them; the search gives up at
                               2099-12-31T00:00:00Z or after ${MAX_CALENDAR_CANDIDATES} excluded candidates for one fire time
               --rule <rule>   with --calendar, a business-day rule (a LIS extension): nth=N (the N-th
                               business day of each month, N from 1 to 23 or -1 to -23 from the end;
                               the day fields must be * or ?), shift=next or shift=previous (an excluded
                               fire time moves to the same time on the next / previous business day)
  describe   Print a description of the expression.
               --lang en|th    language (default en)
  validate   Print "valid", or the error and exit 1.

Examples:
  lis cron next --tz Asia/Bangkok --from 2026-11-21T00:00:00Z --count 5 "0 15 10 L * ?"
  lis cron next --tz Asia/Bangkok --calendar bank-holidays.json "0 0 9 ? * MON-FRI"
  lis cron next --tz Asia/Bangkok --calendar bank-holidays.json --rule nth=-1 "0 0 9 * * ?"
  lis cron describe --lang th "0 0 9 ? * MON-FRI"
  lis cron validate "0 0 25 * * ?"

Exit codes: 0 success, 1 invalid expression or calendar, 2 bad command or options (an unreadable
calendar file, a rule that is none, without --calendar, or nth on day-restricted fields).`;

const EXIT_OK = 0;
const EXIT_INVALID_EXPRESSION = 1;
const EXIT_INVALID_CALENDAR = 1;
const EXIT_USAGE = 2;
const MAX_COUNT = 1000;
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/i;

export interface CronCommandContext {
  /** Environment variables (LIS_TIMEZONE); default process.env. */
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** The current time, for --from's default; default the system clock. */
  readonly now?: () => Date;
}

class UsageError extends Error {}

interface ParsedArguments {
  readonly options: ReadonlyMap<string, string>;
  readonly expression: string;
}

/**
 * `lis cron …`: `args` are the words after "cron". Writes results with `out` and problems with `err`;
 * returns the exit code.
 */
export function runCronCommand(
  args: string[],
  out: (line: string) => void,
  err: (line: string) => void,
  context: CronCommandContext = {},
): number {
  const [command, ...rest] = args[0] === 'cron' ? args.slice(1) : args;
  if (command === undefined) {
    err(CRON_USAGE);
    return EXIT_USAGE;
  }
  if (command === '--help' || command === '-h' || command === 'help') {
    out(CRON_USAGE);
    return EXIT_OK;
  }
  try {
    switch (command) {
      case 'next':
        return runNext(
          parseArguments(rest, ['--tz', '--from', '--count', '--calendar', '--rule']),
          out,
          err,
          context,
        );
      case 'describe':
        return runDescribe(parseArguments(rest, ['--lang']), out);
      case 'validate':
        return runValidate(parseArguments(rest, []), out, err);
      default:
        throw new UsageError(`Unknown cron command "${command}" (use next, describe or validate)`);
    }
  } catch (error) {
    if (error instanceof UsageError) {
      err(`${error.message}\nRun "lis cron --help" for usage.`);
      return EXIT_USAGE;
    }
    if (error instanceof CronSyntaxError) {
      err(error.message);
      return EXIT_INVALID_EXPRESSION;
    }
    if (error instanceof CalendarFileError) {
      err(error.message);
      return error.unreadable ? EXIT_USAGE : EXIT_INVALID_CALENDAR;
    }
    throw error;
  }
}

function runNext(
  parsed: ParsedArguments,
  out: (line: string) => void,
  err: (line: string) => void,
  context: CronCommandContext,
): number {
  const env = context.env ?? process.env;
  const timeZone =
    parsed.options.get('--tz') ?? env.LIS_TIMEZONE ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  if (!isKnownTimeZone(timeZone))
    throw new UsageError(`--tz: unknown time zone "${timeZone}" (use an IANA name such as Asia/Bangkok)`);
  const from = readFrom(parsed.options.get('--from'), context.now ?? (() => new Date()));
  const count = readCount(parsed.options.get('--count'));
  const expression = parseCron(parsed.expression);
  const calendarFile = parsed.options.get('--calendar');
  const rule = readRule(parsed.options.get('--rule'), calendarFile !== undefined);
  if (rule) {
    const problem = businessDayRuleProblem(rule, expression);
    if (problem) throw new UsageError(`--rule: ${problem}`);
  }
  const calendar = calendarFile === undefined ? undefined : readCalendarFile(calendarFile);
  const { fireTimes, capped } =
    calendar && rule
      ? nextRuleFireTimes(expression, from, timeZone, count, calendar, rule)
      : calendar
        ? nextIncludedFireTimes(expression, from, timeZone, count, calendar)
        : { fireTimes: nextFireTimes(expression, from, timeZone, count), capped: false };
  for (const fireTime of fireTimes) out(fireTime.toISOString().replace(/\.\d{3}Z$/, 'Z'));
  if (capped)
    err(
      rule
        ? `The business-day rule's search tested ${MAX_CALENDAR_CANDIDATES} candidates without a fire: the search stopped there.`
        : `The calendar excluded ${MAX_CALENDAR_CANDIDATES} fire times in a row: the search stopped there.`,
    );
  return EXIT_OK;
}

/** --rule's business-day rule (it needs --calendar); undefined without the option. */
function readRule(text: string | undefined, withCalendar: boolean): BusinessDayRule | undefined {
  if (text === undefined) return undefined;
  const rule = parseBusinessDayRule(text);
  if (!rule)
    throw new UsageError(
      `--rule: "${text}" is not a business-day rule (nth=N with N from 1 to 23 or -1 to -23, shift=next, shift=previous)`,
    );
  if (!withCalendar)
    throw new UsageError('--rule needs --calendar: the rule reads the calendar as its business days');
  return rule;
}

function runDescribe(parsed: ParsedArguments, out: (line: string) => void): number {
  const language = parsed.options.get('--lang') ?? 'en';
  if (language !== 'en' && language !== 'th')
    throw new UsageError(`--lang: expected en or th (got "${language}")`);
  out(describeCron(parsed.expression, language satisfies CronDescriptionLanguage));
  return EXIT_OK;
}

function runValidate(
  parsed: ParsedArguments,
  out: (line: string) => void,
  err: (line: string) => void,
): number {
  const result = validateCron(parsed.expression);
  if (result.valid) {
    out('valid');
    return EXIT_OK;
  }
  err(result.message);
  return EXIT_INVALID_EXPRESSION;
}

/** Options as `--name value` or `--name=value`; the other words form the expression (quoted or not). */
function parseArguments(args: readonly string[], allowed: readonly string[]): ParsedArguments {
  const options = new Map<string, string>();
  const words: string[] = [];
  for (let index = 0; index < args.length; index++) {
    const arg = args[index] ?? '';
    if (!/^--[a-z]/.test(arg)) {
      words.push(arg);
      continue;
    }
    const [name = '', inlineValue] = arg.split(/=(.*)/s, 2);
    if (!allowed.includes(name)) {
      throw new UsageError(
        `Unknown option ${name}${allowed.length ? ` (allowed: ${allowed.join(', ')})` : ''}`,
      );
    }
    const value = inlineValue ?? args[++index];
    if (value === undefined || value === '') throw new UsageError(`${name} needs a value`);
    if (options.has(name)) throw new UsageError(`${name} is given twice`);
    options.set(name, value);
  }
  const expression = words.join(' ').trim();
  if (expression === '') throw new UsageError('Missing the cron expression (quote it: "0 15 10 L * ?")');
  return { options, expression };
}

function readFrom(text: string | undefined, now: () => Date): Date {
  if (text === undefined) return now();
  const time = Date.parse(text);
  if (!ISO_INSTANT.test(text) || Number.isNaN(time)) {
    throw new UsageError(
      `--from: expected an ISO-8601 instant with Z or an offset, e.g. 2026-11-21T00:00:00Z (got "${text}")`,
    );
  }
  return new Date(time);
}

function readCount(text: string | undefined): number {
  if (text === undefined) return 10;
  const count = Number(text);
  if (!/^\d+$/.test(text) || count < 1 || count > MAX_COUNT) {
    throw new UsageError(`--count: expected a whole number from 1 to ${MAX_COUNT} (got "${text}")`);
  }
  return count;
}
