import crypto from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import { TOKEN_AUDIENCE, TOKEN_ISSUER, type TokenExtra } from '@lis/contracts';
import type { Clock } from '../../platform/clock.js';
import type { TokenRevocationRepository } from './token-revocation.repository.js';

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

/** What a verified token carries, kept by its text: `exp` and `iat` in seconds. */
type KeptClaims = Omit<VerifiedToken, 'expiresAt'> & { exp: number; iat: number };

/** Tokens whose signature and claims were verified, kept so that each is verified once (issue 19). */
export const VERIFIED_TOKENS_KEPT = 10_000;

/** Issues, verifies and revokes LIS's own bearer tokens (HS256, key derived from the master key). */
export class TokenService {
  /**
   * Tokens already verified, by their exact text, with what they carry. jose's HS256 check goes through
   * WebCrypto (~0.8 ms of the server's thread per request, the largest cost of an authenticated
   * request in the reports' profile); the same text always verifies alike, so each is checked once.
   * Only what can change is checked again on every use: expiry against the clock, and revocation.
   */
  private readonly verified = new Map<string, KeptClaims>();

  constructor(
    private readonly revocations: TokenRevocationRepository,
    private readonly key: Uint8Array,
    private readonly ttlMs: number,
    private readonly clock: Clock,
    private readonly keep = VERIFIED_TOKENS_KEPT,
  ) {}

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
    const claims = this.verified.get(token) ?? (await this.verifySignatureAndClaims(token));
    if (!claims) return undefined;
    // The time rules, applied on every use (a kept token expires like a fresh one): jose's for `exp`,
    // and an issue time ahead of this node's clock beyond the skew allowed is refused (docs/security.md
    // "Hygiene").
    const now = this.clock.now();
    if (claims.exp <= Math.floor(now / 1000) || claims.iat * 1000 > now + MAX_CLOCK_SKEW_MS) return undefined;
    if (await this.revocations.isRevoked(claims.jti)) return undefined;
    return {
      username: claims.username,
      jti: claims.jti,
      expiresAt: claims.exp * 1000,
      generation: claims.generation,
    };
  }

  /** The token's signature and claims checked by jose; a valid token is kept for its next uses. */
  private async verifySignatureAndClaims(token: string): Promise<KeptClaims | undefined> {
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
    if (typeof payload.iat !== 'number') return undefined;
    if (typeof payload.gen !== 'number' || !Number.isSafeInteger(payload.gen)) return undefined;
    const claims: KeptClaims = {
      username: String(payload.sub),
      jti: String(payload.jti),
      exp: Number(payload.exp),
      iat: payload.iat,
      generation: payload.gen,
    };
    // `nbf` is never set by `issue`; a token carrying one is verified afresh on each use.
    if (payload.nbf !== undefined) return claims;
    if (this.verified.size >= this.keep) this.verified.clear();
    this.verified.set(token, claims);
    return claims;
  }

  async revoke(token: Omit<VerifiedToken, 'generation'>): Promise<void> {
    await this.revocations.revoke(token, this.clock.now());
  }
}
