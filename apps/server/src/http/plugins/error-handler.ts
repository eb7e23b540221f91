import type { ErrorResponse } from '@lis/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { message, renderMessage, type Language } from '../../i18n/messages.js';
import { DomainError } from '../../platform/domain-error.js';
import { HttpError } from '../http-error.js';
import { requestProblem, schemaProblem } from '../validation-message.js';

/** A domain error as the HTTP error it answers: its code's status, its message in the caller's language. */
export function httpErrorOf(error: DomainError, language: FastifyRequest['language']): HttpError {
  return new HttpError(error.code, renderMessage(language, error), { cause: error });
}

/** `{message, code}`, not through the route's response schema (which could drop the code). */
function answer(reply: FastifyReply, status: number, body: ErrorResponse) {
  return reply.status(status).type('application/json; charset=utf-8').serializer(JSON.stringify).send(body);
}

/** One of Fastify's own 4xx refusals (but 413) in the caller's language, with its code. */
function refusal(language: Language, error: FastifyError, status: number): ErrorResponse {
  const message = requestProblem(language, error, status);
  if (status === 415) return { message, code: 'REQUEST_MEDIA_TYPE_UNSUPPORTED' };
  if (status !== 400) return { message, code: 'REQUEST_REFUSED' };
  if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.message.includes('not valid JSON'))
    return { message, code: 'REQUEST_BODY_NOT_JSON' };
  if (error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') return { message, code: 'REQUEST_BODY_EMPTY' };
  return { message, code: 'REQUEST_REFUSED' };
}

/** One error handler: `{message, code}` and a proper status, never a stack trace. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((thrown: FastifyError | HttpError | DomainError, request, reply) => {
    const error = thrown instanceof DomainError ? httpErrorOf(thrown, request.language) : thrown;
    if (error instanceof HttpError) {
      if (error.statusCode >= 500) request.log.error({ err: error }, 'request failed');
      return answer(reply, error.statusCode, { message: error.message, code: error.code });
    }
    if (error.validation) {
      return answer(reply, 400, { message: schemaProblem(request.language, error), code: 'REQUEST_INVALID' });
    }
    const status = error.statusCode ?? 500;
    if (status === 413)
      return answer(reply, 413, {
        message: message(request.language, 'payloadTooLarge'),
        code: 'PAYLOAD_TOO_LARGE',
      });
    if (status >= 400 && status < 500) return answer(reply, status, refusal(request.language, error, status));
    request.log.error({ err: error }, 'request failed');
    return answer(reply, 500, { message: message(request.language, 'internal'), code: 'INTERNAL_ERROR' });
  });
}
