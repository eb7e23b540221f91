import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { TOKEN_AUDIENCE, TOKEN_ISSUER } from '@lis/contracts';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../../test-support/test-database.js';
import { TokenRevocationRepository } from './token-revocation.repository.js';
import { TokenService, VERIFIED_TOKENS_KEPT } from './token.service.js';

const TTL_MS = 8 * 3600_000;

/** Issue 19: a token is verified once and kept; what can change is checked on every use. */
describe.each(DATABASE_KINDS)('TokenService on %s', (kind) => {
  let test: TestDatabase;
  let now = Date.UTC(2026, 10, 28, 3, 0, 0);
  const clock = { now: () => now };
  const key = crypto.randomBytes(32);
  let tokens: TokenService;
  beforeAll(async () => {
    test = await createTestDatabase(kind);
    tokens = new TokenService(new TokenRevocationRepository(test.db.kysely), key, TTL_MS, clock);
  });
  afterAll(() => test.drop());

  const issue = (username = 'alice') =>
    tokens.issue(
      { username, token_generation: 3 },
      { username, first_name: username, last_name: '', citizen_id: '' },
    );

  it('answers a kept token as it answered the first time', async () => {
    const token = await issue();
    const first = await tokens.verify(token);
    expect(first).toMatchObject({ username: 'alice', generation: 3, expiresAt: now + TTL_MS });
    expect(await tokens.verify(token)).toEqual(first);
  });

  it('refuses a kept token once it has expired, as a fresh one', async () => {
    const token = await issue();
    expect(await tokens.verify(token)).toBeDefined();
    now += TTL_MS;
    try {
      expect(await tokens.verify(token)).toBeUndefined();
      expect(
        await new TokenService(new TokenRevocationRepository(test.db.kysely), key, TTL_MS, clock).verify(
          token,
        ),
      ).toBeUndefined();
    } finally {
      now -= TTL_MS;
    }
    // One second before its expiry it is still good, kept or not.
    now += TTL_MS - 1000;
    try {
      expect(await tokens.verify(token)).toBeDefined();
    } finally {
      now -= TTL_MS - 1000;
    }
  });

  it('refuses a kept token once it is revoked', async () => {
    const token = await issue();
    const verified = await tokens.verify(token);
    expect(verified).toBeDefined();
    await tokens.revoke(verified!);
    expect(await tokens.verify(token)).toBeUndefined();
  });

  it('refuses a kept token when the clock moves back beyond the skew allowed before its issue time', async () => {
    const token = await issue();
    expect(await tokens.verify(token)).toBeDefined();
    now -= 61_000;
    try {
      expect(await tokens.verify(token)).toBeUndefined();
    } finally {
      now += 61_000;
    }
  });

  it('never keeps what failed: a token of another key, then a changed signature, stay refused', async () => {
    const token = await issue();
    const tampered = `${token.slice(0, -2)}${token.endsWith('AA') ? 'AB' : 'AA'}`;
    const forged = await new SignJWT({ gen: 3 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('root')
      .setJti('forged')
      .setIssuer(TOKEN_ISSUER)
      .setAudience(TOKEN_AUDIENCE)
      .setIssuedAt(Math.floor(now / 1000))
      .setExpirationTime(Math.floor(now / 1000) + 600)
      .sign(crypto.randomBytes(32));
    for (let i = 0; i < 2; i++) {
      expect(await tokens.verify(tampered)).toBeUndefined();
      expect(await tokens.verify(forged)).toBeUndefined();
    }
    expect(await tokens.verify(token)).toBeDefined();
  });

  it('stays bounded: past the limit the kept tokens are dropped and verified afresh', async () => {
    const many = await Promise.all(Array.from({ length: 25 }, (_, i) => issue(`user${i}`)));
    const small = new TokenService(new TokenRevocationRepository(test.db.kysely), key, TTL_MS, clock, 10);
    const kept = (small as unknown as { verified: Map<string, unknown> }).verified;
    for (const round of [1, 2])
      for (const [i, token] of many.entries()) {
        expect((await small.verify(token))?.username, `round ${round}`).toBe(`user${i}`);
        expect(kept.size).toBeLessThanOrEqual(10);
      }
    expect(VERIFIED_TOKENS_KEPT).toBeGreaterThanOrEqual(1000);
  });
});
