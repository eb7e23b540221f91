import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { AlertEvent } from '@lis/contracts';
import { describe, expect, it } from 'vitest';

const committed = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  '..',
  '..',
  '..',
  'docs',
  'schemas',
  'alert-event-v1.schema.json',
);

/** The JSON Schema of a generic webhook's body, from the TypeBox schema of @lis/contracts. */
function alertEventSchema(): string {
  const schema = {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    title: 'LIS alert event, version 1 (issue 35; docs/alerts.md)',
    description:
      'The JSON body LIS POSTs to a generic webhook channel, signed in X-LIS-Signature-256. ' +
      'Receivers de-duplicate by event_id (X-LIS-Event-Id): delivery is at least once.',
    ...(JSON.parse(JSON.stringify(AlertEvent)) as Record<string, unknown>),
  };
  return JSON.stringify(schema, null, 2) + '\n';
}

describe('docs/schemas/alert-event-v1.schema.json', () => {
  it('is the JSON Schema of AlertEvent (regenerate with `npm run alert-schema`)', () => {
    const current = alertEventSchema();
    if (process.env.LIS_WRITE_ALERT_SCHEMA === '1') fs.writeFileSync(committed, current);
    expect(fs.readFileSync(committed, 'utf8')).toBe(current);
  });
});
