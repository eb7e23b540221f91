import { sql, type Kysely } from 'kysely';
import type { MigrationContext } from '../migration-context.js';

/**
 * The file store in the database (DESIGN §2 "Files"; docs/decisions/0019-file-store.md): content kept
 * once per SHA-256 in 1 MiB chunks, and the keys that name it. On PostgreSQL it is the default store,
 * so that every node that may continue a run reads its backups; SQLite gets the same tables (unused by
 * default). The ledger remembers where each file was kept and by which node, for the message of a node
 * that cannot read them.
 */
export async function up(db: Kysely<unknown>, { dialect }: MigrationContext): Promise<void> {
  const bytes = dialect === 'postgres' ? sql`bytea` : sql`blob`;
  // A content is complete once its row exists: a put adds it in the transaction of its last chunk.
  await db.schema
    .createTable('blob_contents')
    .addColumn('sha256', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('chunk_count', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  // A put in progress writes its chunks under a name of its own (`part-…`) and renames them when done.
  await db.schema
    .createTable('blob_chunks')
    .addColumn('sha256', 'varchar(64)', (c) => c.notNull())
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('data', bytes, (c) => c.notNull())
    .addPrimaryKeyConstraint('blob_chunks_pk', ['sha256', 'seq'])
    .execute();
  await db.schema
    .createTable('blobs')
    .addColumn('key', 'varchar(400)', (c) => c.primaryKey())
    .addColumn('sha256', 'varchar(64)', (c) => c.notNull().references('blob_contents.sha256'))
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('blobs_sha256_idx').on('blobs').column('sha256').execute();

  await db.schema.alterTable('run_files').addColumn('blob_store', 'varchar(600)').execute();
  await db.schema.alterTable('run_files').addColumn('stored_by', 'varchar(200)').execute();
}
