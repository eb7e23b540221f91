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

  it("answers the kind's status and the message in the caller's language", async () => {
    const en = await answer(invalid('importNotExcel'));
    expect(en.statusCode).toBe(400);
    expect(en.body).toBe(JSON.stringify({ message: message('en', 'importNotExcel') }));
    const th = await answer(notFound('runNotFound', { jobInstanceNo: 'R1' }), 'th-TH,th;q=0.9');
    expect(th.statusCode).toBe(404);
    expect(th.json()).toEqual({ message: message('th', 'runNotFound', { jobInstanceNo: 'R1' }) });
  });

  it('keeps a program code beside the message', async () => {
    const response = await answer(
      new DomainError('forbidden', 'forbidden', undefined, { code: 'PASSWORD_CHANGE_REQUIRED' }),
    );
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      message: message('en', 'forbidden'),
      code: 'PASSWORD_CHANGE_REQUIRED',
    });
  });

  it('maps every kind to its status', async () => {
    const statuses = {
      invalid: 400,
      unauthenticated: 401,
      forbidden: 403,
      not_found: 404,
      conflict: 409,
      too_large: 413,
      unprocessable: 422,
      too_many_requests: 429,
      peer_failed: 502,
      peer_timeout: 504,
    } as const;
    for (const [kind, status] of Object.entries(statuses))
      expect((await answer(new DomainError(kind as keyof typeof statuses, 'notFound'))).statusCode).toBe(
        status,
      );
  });
});
