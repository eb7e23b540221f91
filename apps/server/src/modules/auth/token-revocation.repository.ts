import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/** Tokens revoked before they expire (sign-out), kept until they would have expired anyway. */
export class TokenRevocationRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async isRevoked(jti: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('token_revocations')
      .select('jti')
      .where('jti', '=', jti)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Revokes a token, and forgets revocations of tokens that have expired by `now`. */
  async revoke(token: { jti: string; username: string; expiresAt: number }, now: number): Promise<void> {
    await this.db.deleteFrom('token_revocations').where('expires_at', '<', now).execute();
    await this.db
      .insertInto('token_revocations')
      .values({ jti: token.jti, username: token.username, expires_at: token.expiresAt })
      .onConflict((oc) => oc.column('jti').doNothing())
      .execute();
  }
}
