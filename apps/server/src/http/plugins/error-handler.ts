import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { message, renderMessage } from '../../i18n/messages.js';
import { DomainError, httpStatusOf } from '../../platform/domain-error.js';
import { HttpError } from '../http-error.js';
import { requestProblem, schemaProblem } from '../validation-message.js';

/** A domain error as the HTTP error it answers: its status, its message in the caller's language. */
export function httpErrorOf(error: DomainError, language: FastifyRequest['language']): HttpError {
  return new HttpError(httpStatusOf(error.kind), renderMessage(language, error), {
    cause: error,
    ...(error.code === undefined ? {} : { code: error.code }),
  });
}

/** One error handler: `{message}` and a proper status, never a stack trace. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((thrown: FastifyError | HttpError | DomainError, request, reply) => {
    const error = thrown instanceof DomainError ? httpErrorOf(thrown, request.language) : thrown;
    if (error instanceof HttpError) {
      if (error.statusCode >= 500) request.log.error({ err: error }, 'request failed');
      if (error.code !== undefined)
        // Not through the route's response schema, which would drop the code.
        return reply
          .status(error.statusCode)
          .type('application/json; charset=utf-8')
          .serializer(JSON.stringify)
          .send({ message: error.message, code: error.code });
      return reply.status(error.statusCode).send({ message: error.message });
    }
    if (error.validation) {
      return reply.status(400).send({ message: schemaProblem(request.language, error) });
    }
    const status = error.statusCode ?? 500;
    if (status === 413)
      return reply.status(413).send({ message: message(request.language, 'payloadTooLarge') });
    if (status >= 400 && status < 500)
      return reply.status(status).send({ message: requestProblem(request.language, error, status) });
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ message: message(request.language, 'internal') });
  });
}
