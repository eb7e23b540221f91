import type { TSchema } from '@sinclair/typebox';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

/**
 * Collects TypeBox schemas as OpenAPI 3.0 components: every schema with a `$id` becomes
 * `#/components/schemas/{$id}` and is referenced from where it is used; JSON Schema keywords that 3.0 lacks
 * are rewritten (`const` → `enum`, a union of constants → one `enum`, `patternProperties` →
 * `additionalProperties` with the key pattern kept as `x-key-pattern`).
 */
export class OpenApi30Components {
  readonly schemas: Record<string, JsonObject> = {};

  /** A `$ref` to the schema's component (registered on first use). */
  ref(schema: TSchema): JsonObject {
    return this.convert(JSON.parse(JSON.stringify(schema)) as Json) as JsonObject;
  }

  private convert(node: Json): Json {
    if (Array.isArray(node)) return node.map((item) => this.convert(item));
    if (node === null || typeof node !== 'object') return node;
    const { $id, ...rest } = node;
    if (typeof $id === 'string') {
      if (!this.schemas[$id]) {
        this.schemas[$id] = {};
        this.schemas[$id] = this.rewrite(rest);
      }
      return { $ref: `#/components/schemas/${$id}` };
    }
    return this.rewrite(rest);
  }

  private rewrite(node: JsonObject): JsonObject {
    const out: JsonObject = {};
    for (const [key, value] of Object.entries(node)) {
      if (key === 'properties' && value && typeof value === 'object' && !Array.isArray(value)) {
        out[key] = Object.fromEntries(
          Object.entries(value).map(([name, child]) => [name, this.convert(child)]),
        );
      } else if (key === 'patternProperties' && value && typeof value === 'object' && !Array.isArray(value)) {
        const [pattern, child] = Object.entries(value)[0] ?? ['', {}];
        out.additionalProperties = this.convert(child);
        out['x-key-pattern'] = pattern;
      } else if (key === 'const') {
        out.enum = [value];
      } else {
        out[key] = this.convert(value);
      }
    }
    const anyOf = out.anyOf;
    if (Array.isArray(anyOf) && anyOf.length > 0 && anyOf.every(isEnumOfOne)) {
      const members = anyOf as JsonObject[];
      const type = members[0]?.type ?? 'string';
      delete out.anyOf;
      return { type, enum: members.map((member) => (member.enum as Json[])[0] ?? null), ...out };
    }
    return out;
  }
}

function isEnumOfOne(node: Json): boolean {
  return (
    node !== null &&
    typeof node === 'object' &&
    !Array.isArray(node) &&
    Array.isArray(node.enum) &&
    node.enum.length === 1
  );
}
