import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CalendarDefinition } from '@lis/contracts';
import { describe, expect, it } from 'vitest';

const committed = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  '..',
  '..',
  '..',
  'docs',
  'schemas',
  'calendar-v1.schema.json',
);

/** The JSON Schema of a calendar definition, from the TypeBox schema of @lis/contracts. */
function calendarSchema(): string {
  const schema = {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    title: 'LIS business calendar, version 1 (issue 34; docs/calendars.md)',
    description:
      'One calendar: holiday, annual, weekly, monthly, daily or cron (Quartz 2.3.2 meaning), with optional tz and base. ' +
      'The server also checks what a schema cannot say: real dates, known zones, base depth, daily ranges Quartz refuses, valid cron expressions.',
    ...(JSON.parse(JSON.stringify(CalendarDefinition)) as Record<string, unknown>),
  };
  return JSON.stringify(schema, null, 2) + '\n';
}

describe('docs/schemas/calendar-v1.schema.json', () => {
  it('is the JSON Schema of CalendarDefinition (regenerate with `npm run calendar-schema`)', () => {
    const current = calendarSchema();
    if (process.env.LIS_WRITE_CALENDAR_SCHEMA === '1') fs.writeFileSync(committed, current);
    expect(fs.readFileSync(committed, 'utf8')).toBe(current);
  });
});
