import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApiDocument } from '../src/http/openapi-document.js';
import { createTestApp, type TestApp } from '../src/test-support/test-app.js';

const committed = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'openapi.json');

describe('the committed openapi.json', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
  });
  afterAll(() => t.close());

  it('matches the routes and schemas (regenerate with `npm run openapi`)', () => {
    const current = JSON.stringify(openApiDocument(t), null, 2) + '\n';
    if (process.env.LIS_WRITE_OPENAPI === '1') fs.writeFileSync(committed, current);
    expect(fs.readFileSync(committed, 'utf8')).toBe(current);
  });
});
