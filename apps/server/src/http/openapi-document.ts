import { ErrorResponse } from '@lis/contracts';
import type { BuiltApp } from './app.js';

/** Every route's answer other than 2xx (the error handler's `{message, code}`, docs/error-codes.md). */
const ERROR_ANSWER = {
  description: 'An error: `{message, code}`, the code one of docs/error-codes.md',
  content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorResponse' } } },
};

type Operations = Record<string, { responses?: Record<string, unknown> }>;

/** The OpenAPI document of every API route (the console's static routes excluded), stable for diffing. */
export function openApiDocument(built: BuiltApp): Record<string, unknown> {
  const document = built.app.swagger() as unknown as {
    info: { version: string };
    components?: { schemas?: Record<string, unknown> };
    paths: Record<string, Operations>;
  };
  const paths = Object.fromEntries(
    Object.entries(document.paths)
      .filter(
        ([route]) => route.startsWith('/v') || route.startsWith('/healthz') || route.startsWith('/readyz'),
      )
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([route, operations]) => [
        route,
        Object.fromEntries(
          Object.entries(operations).map(([method, operation]) => [
            method,
            { ...operation, responses: { ...operation.responses, default: ERROR_ANSWER } },
          ]),
        ),
      ]),
  );
  const components = {
    ...document.components,
    schemas: { ...document.components?.schemas, ErrorResponse },
  };
  return { ...document, info: { ...document.info, version: 'see package.json' }, components, paths };
}
