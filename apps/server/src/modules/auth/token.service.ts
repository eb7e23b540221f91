import crypto from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import { TOKEN_AUDIENCE, TOKEN_ISSUER, type TokenExtra } from '@lis/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Clock } from '../../platform/clock.js';
import { TokenRevocationRepository } from './token-revocation.repository.js';

export interface VerifiedToken {
  username: string;
  jti: string;
  expiresAt: number;
  /** The user's token generation when the token was issued (claim `gen`, decision 0026). */
  generation: number;
}

/** Who a token is issued to: the user name and the user's current token generation. */
export interface TokenSubject {
  username: string;
  token_generation: number;
}

/** How far a token's issue time (`iat`) may lie ahead of this node's clock (another node's clock). */
export const MAX_CLOCK_SKEW_MS = 60_000;

/** Issues, verifies and revokes LIS's own bearer tokens (HS256, key derived from the master key). */
export class TokenService {
  private readonly revocations: TokenRevocationRepository;

  constructor(
    db: Kysely<Database>,
    private readonly key: Uint8Array,
    private readonly ttlMs: number,
    private readonly clock: Clock,
  ) {
    this.revocations = new TokenRevocationRepository(db);
  }

  async issue(user: TokenSubject, extra: TokenExtra): Promise<string> {
    const now = Math.floor(this.clock.now() / 1000);
    return new SignJWT({ extra, gen: Number(user.token_generation) })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(user.username)
      .setJti(crypto.randomUUID())
      .setIssuer(TOKEN_ISSUER)
      .setAudience(TOKEN_AUDIENCE)
      .setIssuedAt(now)
      .setExpirationTime(now + Math.floor(this.ttlMs / 1000))
      .sign(this.key);
  }

  /**
   * Returns the token's identity, or undefined when it is forged, expired, revoked or carries no
   * generation (issued before decision 0026). Whether the generation is still the user's own is
   * checked by the IdentityLoader, which loads the user anyway.
   */
  async verify(token: string): Promise<VerifiedToken | undefined> {
    let payload;
    try {
      ({ payload } = await jwtVerify(token, this.key, {
        algorithms: ['HS256'],
        issuer: TOKEN_ISSUER,
        audience: TOKEN_AUDIENCE,
        currentDate: new Date(this.clock.now()),
        requiredClaims: ['sub', 'jti', 'exp'],
      }));
    } catch {
      return undefined;
    }
    const jti = String(payload.jti);
    // Issued in the future beyond the clock skew allowed: refused (docs/security.md "Hygiene").
    if (typeof payload.iat !== 'number' || payload.iat * 1000 > this.clock.now() + MAX_CLOCK_SKEW_MS)
      return undefined;
    if (typeof payload.gen !== 'number' || !Number.isSafeInteger(payload.gen)) return undefined;
    if (await this.revocations.isRevoked(jti)) return undefined;
    return {
      username: String(payload.sub),
      jti,
      expiresAt: Number(payload.exp) * 1000,
      generation: payload.gen,
    };
  }

  async revoke(token: Omit<VerifiedToken, 'generation'>): Promise<void> {
    await this.revocations.revoke(token, this.clock.now());
  }
}
