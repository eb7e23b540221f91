import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { languageOf, message } from '../../i18n/messages.js';
import { DomainError, invalid, notFound } from '../../platform/domain-error.js';
import { installErrorHandler } from './error-handler.js';

describe('the error handler and a DomainError', () => {
  async function answer(error: DomainError, acceptLanguage?: string) {
    const app = Fastify();
    app.decorateRequest('language', 'en');
    app.addHook('onRequest', async (request) => {
      request.language = languageOf(request.headers['accept-language']);
    });
    installErrorHandler(app);
    app.get('/', async () => {
      throw error;
    });
    const response = await app.inject({
      url: '/',
      headers: acceptLanguage ? { 'accept-language': acceptLanguage } : {},
    });
    await app.close();
    return response;
  }

  it("answers the code's status, the message in the caller's language and the code", async () => {
    const en = await answer(invalid('USER_IMPORT_NOT_EXCEL', 'importNotExcel'));
    expect(en.statusCode).toBe(400);
    expect(en.body).toBe(
      JSON.stringify({ message: message('en', 'importNotExcel'), code: 'USER_IMPORT_NOT_EXCEL' }),
    );
    const th = await answer(
      notFound('RUN_NOT_FOUND', 'runNotFound', { jobInstanceNo: 'R1' }),
      'th-TH,th;q=0.9',
    );
    expect(th.statusCode).toBe(404);
    expect(th.json()).toEqual({
      message: message('th', 'runNotFound', { jobInstanceNo: 'R1' }),
      code: 'RUN_NOT_FOUND',
    });
  });

  it('maps every kind to its status', async () => {
    const codes = {
      REQUEST_INVALID: 400,
      SESSION_ENDED: 401,
      ROLE_FORBIDDEN: 403,
      JOB_NOT_FOUND: 404,
      JOB_ID_TAKEN: 409,
      FILE_TOO_LARGE: 413,
      USER_IMPORT_EMPTY: 422,
      SIGN_IN_THROTTLED: 429,
      SFTP_SERVER_FAILED: 502,
      FUNCTION_SERVER_TIMEOUT: 504,
    } as const;
    const kinds = new Set<string>();
    for (const [code, status] of Object.entries(codes)) {
      const error = new DomainError(code as keyof typeof codes, 'notFound');
      kinds.add(error.kind);
      const response = await answer(error);
      expect(response.statusCode).toBe(status);
      expect(response.json()).toEqual({ message: 'Not found', code });
    }
    expect(kinds.size).toBe(10);
  });
});

describe("the error handler and Fastify's own refusals", () => {
  async function post(payload: string, contentType: string) {
    const app = Fastify({ bodyLimit: 64 });
    app.decorateRequest('language', 'en');
    installErrorHandler(app);
    app.post(
      '/',
      { schema: { body: { type: 'object', required: ['name'], properties: { name: { type: 'string' } } } } },
      async () => ({ ok: true }),
    );
    app.get('/fails', async () => {
      throw new Error('a bug');
    });
    const response =
      payload === 'GET /fails'
        ? await app.inject({ url: '/fails' })
        : await app.inject({ method: 'POST', url: '/', payload, headers: { 'content-type': contentType } });
    await app.close();
    return { status: response.statusCode, body: response.json<{ message: string; code: string }>() };
  }

  it('answers each with its code beside the message', async () => {
    const cases = [
      ['{}', 'application/json', 400, 'REQUEST_INVALID'],
      ['{"name":', 'application/json', 400, 'REQUEST_BODY_NOT_JSON'],
      ['', 'application/json', 400, 'REQUEST_BODY_EMPTY'],
      ['name=a', 'application/x-www-form-urlencoded', 415, 'REQUEST_MEDIA_TYPE_UNSUPPORTED'],
      [JSON.stringify({ name: 'x'.repeat(100) }), 'application/json', 413, 'PAYLOAD_TOO_LARGE'],
      ['GET /fails', '', 500, 'INTERNAL_ERROR'],
    ] as const;
    for (const [payload, contentType, status, code] of cases) {
      const answered = await post(payload, contentType);
      expect(answered, code).toEqual({ status, body: { message: expect.any(String) as string, code } });
    }
  });
});
