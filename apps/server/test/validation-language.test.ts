import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../src/test-support/test-database.js';
import { createTestApp, withStandardUsers, type TestApp } from '../src/test-support/test-app.js';

/**
 * Issue 17: a refused request answers `{message}` in the reader's language — the schema's refusals
 * (Fastify/Ajv), Fastify's own (a body that is not JSON, an unknown content type) and the domain's —
 * with the same status; English readers keep the texts they had.
 */
describe.each(DATABASE_KINDS)('refusals in the reader’s language (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
    await withStandardUsers(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  const both = async (user: string, options: InjectOptions) => {
    const answer = async (language: string) => {
      const r = await t.as(user, {
        ...options,
        headers: { ...options.headers, 'accept-language': language },
      });
      return { status: r.statusCode, message: (r.json() as { message: string }).message };
    };
    return { en: await answer('en'), th: await answer('th-TH,th;q=0.9') };
  };

  it('a body the schema refuses: a missing field, an unknown field', async () => {
    const missing = await both('root', { method: 'POST', url: '/v1/user/create', payload: {} });
    expect(missing.en).toEqual({ status: 400, message: "body must have required property 'id'" });
    expect(missing.th).toEqual({ status: 400, message: 'กรุณาระบุ id (body)' });

    const unknown = await both('admin-a', {
      method: 'POST',
      url: '/v1/config/job-config/add',
      payload: {
        sid: '555',
        companycode: 'A',
        legacyid: 'X1',
        legacyname: 'x',
        legacytype: 'IN_WAIT',
        isactive: 'Y',
        not_a_field: 'x',
      },
    });
    expect(unknown.en).toEqual({
      status: 400,
      message: 'The data is not valid: body must NOT have additional properties',
    });
    expect(unknown.th).toEqual({
      status: 400,
      message: 'ข้อมูลไม่ถูกต้อง: body มีข้อมูล not_a_field ที่ระบบไม่รู้จัก',
    });
  });

  it('a query the schema refuses, and the domain’s own checks of a search', async () => {
    const page = await both('user-a', { url: '/v1/system/log?sid=555&page=abc' });
    expect(page.en).toEqual({
      status: 400,
      message: 'The search is not valid: querystring/page must be integer',
    });
    expect(page.th).toEqual({ status: 400, message: 'เงื่อนไขการค้นหาไม่ถูกต้อง: page ต้องเป็นจำนวนเต็ม' });

    const date = await both('user-a', { url: '/v1/system/log?sid=555&job_started_on_from=2026' });
    expect(date.en.status).toBe(400);
    expect(date.en.message).toMatch(/^job_started_on_from must be a date and time as yyyymmddHHMMSS/);
    expect(date.th).toEqual({
      status: 400,
      message: 'job_started_on_from ต้องเป็นวันที่และเวลาในรูปแบบ yyyymmddHHMMSS (เช่น 20261121000000)',
    });

    const criteria = await both('user-a', { url: '/v1/application/log?sid=555' });
    expect(criteria.en).toEqual({
      status: 400,
      message: 'Please fill in Legacy ID, Transaction Date From and Transaction Date To',
    });
    expect(criteria.th.status).toBe(400);
    expect(criteria.th.message).toMatch(/^กรุณาระบุ Legacy ID/);
  });

  it('a body that is not JSON, or of a type the server does not read', async () => {
    const json = await both('admin-a', {
      method: 'POST',
      url: '/v1/config/api-server/add',
      headers: { 'content-type': 'application/json' },
      payload: '{',
    });
    expect(json.en).toEqual({
      status: 400,
      message: "Body is not valid JSON but content-type is set to 'application/json'",
    });
    expect(json.th).toEqual({ status: 400, message: 'ข้อมูลที่ส่งมาไม่ใช่ JSON ที่ถูกต้อง' });

    const media = await both('admin-a', {
      method: 'POST',
      url: '/v1/config/api-server/add',
      headers: { 'content-type': 'text/xml' },
      payload: '<x/>',
    });
    expect(media.en).toEqual({ status: 415, message: 'Unsupported Media Type' });
    expect(media.th).toEqual({ status: 415, message: 'ไม่รองรับชนิดข้อมูล (content-type) ที่ส่งมา' });
  });
});
