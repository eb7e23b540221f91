import type { FastifySchemaValidationError } from 'fastify';
import { message, type Language, type MessageKey } from '../i18n/messages.js';

/** What Fastify attaches to an error the request's schema refused. */
export interface SchemaError {
  message: string;
  validation?: FastifySchemaValidationError[] | undefined;
  validationContext?: string | undefined;
}

const LIMIT_KEYS: Record<string, MessageKey> = {
  minLength: 'schemaMinLength',
  maxLength: 'schemaMaxLength',
  minimum: 'schemaMinimum',
  maximum: 'schemaMaximum',
  exclusiveMinimum: 'schemaExclusiveMinimum',
  exclusiveMaximum: 'schemaExclusiveMaximum',
  minItems: 'schemaMinItems',
  maxItems: 'schemaMaxItems',
};

const TYPE_KEYS: Record<string, MessageKey> = {
  string: 'typeString',
  integer: 'typeInteger',
  number: 'typeNumber',
  boolean: 'typeBoolean',
  array: 'typeArray',
  object: 'typeObject',
  null: 'typeNull',
};

const text = (value: unknown) =>
  typeof value === 'string' || typeof value === 'number' ? String(value) : '';

/** One refusal of the schema in `language`, naming the field as the request does (`name`, `items/0`). */
function describe(language: Language, error: FastifySchemaValidationError, where: string): string {
  const field = error.instancePath.replace(/^\//, '') || where;
  const { params } = error;
  const limitKey = LIMIT_KEYS[error.keyword];
  if (limitKey) return message(language, limitKey, { field, limit: text(params.limit) });
  switch (error.keyword) {
    case 'required':
      return message(language, 'schemaRequired', { field: text(params.missingProperty), where });
    case 'type': {
      const types = text(params.type).split(',');
      const named = types.map((type) => {
        const key = TYPE_KEYS[type];
        return key ? message(language, key) : type;
      });
      return message(language, 'schemaType', { field, type: named.join(' / ') });
    }
    case 'enum':
      return message(language, 'schemaEnum', {
        field,
        values: Array.isArray(params.allowedValues) ? params.allowedValues.map(text).join(', ') : '',
      });
    case 'const':
      return message(language, 'schemaConst', { field, value: text(params.allowedValue) });
    case 'pattern':
      return message(language, 'schemaPattern', { field });
    case 'format':
      return message(language, 'schemaFormat', { field, format: text(params.format) });
    case 'additionalProperties':
      return message(language, 'schemaAdditional', { field, property: text(params.additionalProperty) });
    default:
      return message(language, 'schemaInvalid', { field });
  }
}

/**
 * What the schema refused, for the reader: Fastify's own English text as it always was, or the first
 * refusal in the reader's language.
 */
export function schemaProblem(language: Language, error: SchemaError): string {
  const [first] = error.validation ?? [];
  if (language === 'en' || !first) return error.message;
  return describe(language, first, error.validationContext ?? 'request');
}

/** Fastify's own 4xx refusals (a body that is not JSON, an unknown content type) in the reader's language. */
export function requestProblem(
  language: Language,
  error: { message: string; code?: string },
  status: number,
) {
  if (language === 'en') return error.message;
  if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.message.includes('not valid JSON'))
    return message(language, 'requestBodyNotJson');
  if (error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') return message(language, 'requestBodyEmpty');
  if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return message(language, 'requestMediaType');
  return message(language, 'requestInvalid', { status });
}
