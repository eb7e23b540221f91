/**
 * A request part no schema has checked yet (a hook before validation, or a route that attaches its
 * validation result): an object whose fields are still unknown, or not an object at all.
 */
export function isUncheckedObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
