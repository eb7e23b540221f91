import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/config.js';
import { buildApp, type BuiltApp } from '../src/http/app.js';
import { createTestDatabase, type TestDatabase } from '../src/test-support/test-database.js';

describe('serving the console', () => {
  let built: BuiltApp;
  let database: TestDatabase;
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'lis-web-'));
  beforeAll(async () => {
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(
      path.join(dist, 'index.html'),
      '<html><head><base href="/" /></head><body>console</body></html>',
    );
    fs.writeFileSync(path.join(dist, 'assets', 'index-abc.js'), 'console.log(1)');
    fs.writeFileSync(path.join(dist, 'favicon.svg'), '<svg/>');
    fs.writeFileSync(path.join(os.tmpdir(), 'lis-secret.txt'), 'secret');
    database = await createTestDatabase('sqlite');
    const config = loadConfig({ LIS_DATA_DIR: dist, LIS_BASE_PATH: '/lis/' });
    built = await buildApp({
      config,
      db: database.db,
      masterKey: crypto.randomBytes(32),
      version: 't',
      webDist: dist,
    });
  });
  afterAll(async () => {
    await built.app.close();
    await database.drop();
  });

  it('answers index.html with the configured base for any console route', async () => {
    for (const url of ['/', '/legacyreport', '/employee?x=1', '/unknown/deep/path']) {
      const response = await built.app.inject({ url });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<base href="/lis/" />');
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it('serves the new index.html after the console is rebuilt', async () => {
    const later = new Date(Date.now() + 5000);
    fs.writeFileSync(
      path.join(dist, 'index.html'),
      '<html><head><base href="/" /></head><body>rebuilt</body></html>',
    );
    fs.utimesSync(path.join(dist, 'index.html'), later, later);
    const response = await built.app.inject({ url: '/legacyreport' });
    expect(response.body).toContain('rebuilt');
    expect(response.body).toContain('<base href="/lis/" />');
  });

  it('serves hashed assets with long caching, and nothing outside the folder', async () => {
    const asset = await built.app.inject({ url: '/assets/index-abc.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    for (const url of [
      '/assets/../../lis-secret.txt',
      '/assets/..%2f..%2flis-secret.txt',
      '/assets/%2e%2e/%2e%2e/lis-secret.txt',
    ]) {
      const response = await built.app.inject({ url });
      expect(response.body, url).not.toContain('secret');
    }
    expect((await built.app.inject({ url: '/favicon.svg' })).statusCode).toBe(200);
  });

  it('keeps API paths as JSON 404s', async () => {
    const response = await built.app.inject({ url: '/v1/nothing' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Not found' });
  });
});
