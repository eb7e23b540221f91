import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/config.js';
import { buildApp, type BuiltApp } from '../src/composition/build-app.js';
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

  it('sends the precompressed asset the client accepts, cached for a year, and index.html uncached', async () => {
    const script = `export const rows = [${Array.from({ length: 400 }, (_, i) => `"row ${i}"`).join(',')}];\n`;
    fs.writeFileSync(path.join(dist, 'assets', 'app-1a2b3c.js'), script);
    fs.writeFileSync(path.join(dist, 'assets', 'app-1a2b3c.js.br'), zlib.brotliCompressSync(script));
    fs.writeFileSync(path.join(dist, 'assets', 'app-1a2b3c.js.gz'), zlib.gzipSync(script));
    const get = (acceptEncoding: string | undefined) =>
      built.app.inject({
        url: '/assets/app-1a2b3c.js',
        headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
      });

    const br = await get('gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(script);
    expect(br.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toMatch(/accept-encoding/i);

    const gzip = await get('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(script);
    expect(gzip.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    for (const acceptEncoding of [undefined, 'identity']) {
      const plain = await get(acceptEncoding);
      expect(plain.headers['content-encoding'], acceptEncoding).toBeUndefined();
      expect(plain.body, acceptEncoding).toBe(script);
      expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }

    // An asset without a compressed copy is sent plain whatever the client accepts.
    const plainOnly = await built.app.inject({
      url: '/assets/index-abc.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(plainOnly.headers['content-encoding']).toBeUndefined();
    expect(plainOnly.body).toBe('console.log(1)');

    const index = await built.app.inject({ url: '/', headers: { 'accept-encoding': 'br, gzip' } });
    expect(index.headers['cache-control']).toBe('no-cache');
    expect(index.headers['content-encoding']).toBeUndefined();
  });

  it('keeps API paths as JSON 404s', async () => {
    const response = await built.app.inject({ url: '/v1/nothing' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Not found', code: 'ROUTE_NOT_FOUND' });
  });
});
