import { sql, type Expression, type SqlBool } from 'kysely';

/** `%` and `_` typed by a person are literal characters, not wildcards. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Case-insensitive "contains" that behaves the same on SQLite and PostgreSQL. */
export function containsIgnoreCase(column: string, text: string): Expression<SqlBool> {
  const pattern = `%${escapeLike(text.toLowerCase())}%`;
  return sql<SqlBool>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
}
