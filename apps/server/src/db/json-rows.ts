import { sql, type RawBuilder } from 'kysely';
import type { DialectName } from './database.js';

/** A column of `jsonRows`: its name (a key of each JSON object) and its PostgreSQL type. */
export type JsonRowColumn = readonly [name: string, type: 'text' | 'integer' | 'bigint'];

/**
 * The rows of a JSON array of objects as a row source of a statement: `select … from (jsonRows(…)) v`.
 * Many rows travel as one parameter, so the statement's text is the same whatever their number — one
 * plan, nothing to build per row (issue 19: a 256-row VALUES list was 1,800 parameters to compile and
 * prepare per write). SQLite `json_each`, PostgreSQL `json_to_recordset`; the column names are the
 * caller's constants, never request text.
 */
export function jsonRows(
  dialect: DialectName,
  json: string,
  columns: readonly JsonRowColumn[],
): RawBuilder<unknown> {
  if (dialect === 'postgres') {
    const definitions = columns.map(([name, type]) => sql`${sql.ref(name)} ${sql.raw(type)}`);
    return sql`select * from json_to_recordset(${json}::json) as e(${sql.join(definitions)})`;
  }
  const fields = columns.map(
    ([name]) => sql`json_extract(value, ${sql.lit(`$.${name}`)}) as ${sql.ref(name)}`,
  );
  return sql`select ${sql.join(fields)} from json_each(${json})`;
}
