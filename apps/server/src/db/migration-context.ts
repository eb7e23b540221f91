import type { DialectName } from './database.js';

/** What a migration is told of the database it runs on (migrate.ts passes it to each `up`). */
export interface MigrationContext {
  dialect: DialectName;
}
