import type { ErrorCodeOfStatus } from '@lis/contracts';
import type { FastifyRequest } from 'fastify';
import { message, type MessageKey } from '../../../i18n/messages.js';
import { HttpError } from '../../http-error.js';
import { schemaProblem } from '../../validation-message.js';
import type { RoutePolicy } from '../../plugins/route-policy.js';

/** Admin of the record's company; lists without a company are limited to the caller's admin companies. */
export const adminOf = (from: 'query' | 'body', field: string): { policy: RoutePolicy } => ({
  policy: { access: 'admin', company: { from, field } },
});

export const tags = ['server-config'];

/** The schema's own complaint, once the handler has been given the request (`attachValidation`). */
export function checkSchema(request: FastifyRequest): void {
  if (request.validationError)
    throw new HttpError(
      'REQUEST_INVALID',
      message(request.language, 'configInvalid', {
        problem: schemaProblem(request.language, request.validationError).slice(0, 300),
      }),
    );
}

/**
 * The spec's required-field message when one is blank or missing (spec 001 §5, §8), else the
 * schema's own complaint; only then the handler runs.
 */
export function checkInput(
  request: FastifyRequest,
  required: string[],
  missing: { code: ErrorCodeOfStatus<400>; key: MessageKey },
  container: unknown,
): void {
  const record = (container && typeof container === 'object' ? container : {}) as Record<string, unknown>;
  if (required.some((field) => record[field] === undefined || record[field] === null || record[field] === ''))
    throw new HttpError(missing.code, message(request.language, missing.key));
  checkSchema(request);
}

export const savedMessage = (request: FastifyRequest) => ({
  message: message(request.language, 'configSaved'),
});
export const deletedMessage = (request: FastifyRequest) => ({
  message: message(request.language, 'configDeleted'),
});
