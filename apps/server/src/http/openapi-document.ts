import type { BuiltApp } from './app.js';

/** The OpenAPI document of every API route (the console's static routes excluded), stable for diffing. */
export function openApiDocument(built: BuiltApp): Record<string, unknown> {
  const document = built.app.swagger() as unknown as {
    info: { version: string };
    paths: Record<string, unknown>;
  };
  const paths = Object.fromEntries(
    Object.entries(document.paths)
      .filter(
        ([route]) => route.startsWith('/v') || route.startsWith('/healthz') || route.startsWith('/readyz'),
      )
      .sort(([a], [b]) => a.localeCompare(b)),
  );
  return { ...document, info: { ...document.info, version: 'see package.json' }, paths };
}
