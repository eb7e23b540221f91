import { sql, type Insertable, type Kysely, type Transaction } from 'kysely';
import type { Db, DialectName } from '../../db/database.js';
import type { BlobContentTable, Database } from '../../db/schema.js';

/**
 * The statements of the database file store (database-blob-store.ts): `blobs` (key → content),
 * `blob_contents` (one row per SHA-256) and `blob_chunks` (the bytes, 1 MiB a row).
 */

/** One chunk of a put in progress, under the put's own name (`part-…`) until its hash is known. */
export async function insertChunk(
  trx: Transaction<Database>,
  sha256: string,
  seq: number,
  data: Buffer,
): Promise<void> {
  await trx.insertInto('blob_chunks').values({ sha256, seq, data }).execute();
}

/** The put's chunks get their content's hash as their name. */
export async function nameChunks(trx: Transaction<Database>, part: string, sha256: string): Promise<void> {
  await trx.updateTable('blob_chunks').set({ sha256 }).where('sha256', '=', part).execute();
}

/** The put's chunks go (the content was kept already: dedupe). */
export async function dropChunks(trx: Transaction<Database>, part: string): Promise<void> {
  await trx.deleteFrom('blob_chunks').where('sha256', '=', part).execute();
}

/**
 * Adds the content row; false when that content is kept already (dedupe: the caller drops its own
 * chunks). On PostgreSQL a content that is kept is locked until the put commits (the upsert's row
 * lock), so a sweep of unreferenced content cannot remove it under the key about to name it; a
 * content that such a sweep removed meanwhile is added again (the upsert retries as an insert).
 */
export async function addContent(
  trx: Transaction<Database>,
  dialect: DialectName,
  row: Insertable<BlobContentTable>,
): Promise<boolean> {
  if (dialect === 'postgres') {
    const { rows } = await sql<{ inserted: boolean }>`
        insert into blob_contents (sha256, size, chunk_count, created_at)
        values (${row.sha256}, ${row.size}, ${row.chunk_count}, ${row.created_at})
        on conflict (sha256) do update set size = excluded.size
        returning (xmax = 0) as inserted`.execute(trx);
    return rows[0]?.inserted === true;
  }
  // SQLite has one writer at a time: nothing runs between this and the commit.
  const added = await trx
    .insertInto('blob_contents')
    .values(row)
    .onConflict((conflict) => conflict.column('sha256').doNothing())
    .executeTakeFirst();
  return Number(added.numInsertedOrUpdatedRows ?? 0n) > 0;
}

/** The content a key names now (undefined: no such key). */
export function keyContent(trx: Transaction<Database>, key: string) {
  return trx.selectFrom('blobs').select('sha256').where('key', '=', key).executeTakeFirst();
}

/** Points the key at a content (added, or moved from the one it named). */
export async function pointKey(
  trx: Transaction<Database>,
  key: string,
  sha256: string,
  size: number,
  now: number,
): Promise<void> {
  await trx
    .insertInto('blobs')
    .values({ key, sha256, size, created_at: now })
    .onConflict((conflict) => conflict.column('key').doUpdateSet({ sha256, size, created_at: now }))
    .execute();
}

/** A key's content, size and number of chunks. */
export function blobEntry(db: Kysely<Database>, key: string) {
  return db
    .selectFrom('blobs')
    .innerJoin('blob_contents', 'blob_contents.sha256', 'blobs.sha256')
    .select(['blobs.sha256 as sha256', 'blobs.size as size', 'blob_contents.chunk_count as chunks'])
    .where('blobs.key', '=', key)
    .executeTakeFirst();
}

/** One chunk of a content (undefined when the content was removed meanwhile). */
export function chunkOf(db: Kysely<Database>, sha256: string, seq: number) {
  return db
    .selectFrom('blob_chunks')
    .select('data')
    .where('sha256', '=', sha256)
    .where('seq', '=', seq)
    .executeTakeFirst();
}

/** Removes the key; answers the content it named. */
export function deleteKey(db: Kysely<Database>, key: string) {
  return db.deleteFrom('blobs').where('key', '=', key).returning('sha256').executeTakeFirst();
}

/** The keys, all or those matching a LIKE pattern (escaped with `\`), in order. */
export async function listKeys(db: Kysely<Database>, like: string | undefined): Promise<string[]> {
  let query = db.selectFrom('blobs').select('key');
  if (like !== undefined) query = query.where(sql<boolean>`${sql.ref('key')} like ${like} escape '\\'`);
  return (await query.orderBy('key').execute()).map((row) => row.key);
}

/** Contents no key names. */
export function unreferencedContents(db: Kysely<Database>) {
  return db
    .selectFrom('blob_contents')
    .select('sha256')
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('blobs').select('key').whereRef('blobs.sha256', '=', 'blob_contents.sha256'))),
    )
    .execute();
}

/**
 * Removes a content no key names. The content row is locked first (PostgreSQL), so a put that is
 * pointing a key at it either committed before — and is seen by the check that follows — or waits
 * and finds the content gone (then its foreign key refuses it and the put fails whole). The foreign
 * key from `blobs` is the last guard: a content still named is never removed.
 */
export async function deleteContentIfUnreferenced(db: Db, sha256: string): Promise<boolean> {
  try {
    return await db.kysely.transaction().execute(async (trx) => {
      let lock = trx.selectFrom('blob_contents').select('sha256').where('sha256', '=', sha256);
      if (db.dialect === 'postgres') lock = lock.forUpdate();
      if (!(await lock.executeTakeFirst())) return false;
      const named = await trx
        .selectFrom('blobs')
        .select('key')
        .where('sha256', '=', sha256)
        .executeTakeFirst();
      if (named) return false;
      await trx.deleteFrom('blob_contents').where('sha256', '=', sha256).execute();
      await trx.deleteFrom('blob_chunks').where('sha256', '=', sha256).execute();
      return true;
    });
  } catch (error) {
    // A key took the content meanwhile (foreign key): it stays.
    if (/foreign key/i.test(String((error as Error).message))) return false;
    throw error;
  }
}
