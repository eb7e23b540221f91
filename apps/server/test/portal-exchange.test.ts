import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { createTestApp, withStandardUsers, type TestApp } from '../src/test-support/test-app.js';

const SECRET = 'portal-secret-portal-secret-portal-secret';

async function portalToken(claims: Record<string, unknown>, secret = SECRET, expiresIn = '5m') {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256' })
    .setExpirationTime(expiresIn)
    .sign(new TextEncoder().encode(secret));
}

describe('portal sign-on with a shared secret', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite', { LIS_PORTAL_TOKEN_SECRET: SECRET });
    await withStandardUsers(t);
  });
  afterAll(() => t.close());
  const exchange = (token: string) =>
    t.app.inject({ method: 'POST', url: '/v1/auth/portal-exchange', payload: { token } });

  it('exchanges a valid portal token for a LIS session', async () => {
    const response = await exchange(await portalToken({ username: 'admin-a' }));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ user_id: 'admin-a', company_code: 'A' });
  });

  it('reads the user from extra too', async () => {
    const response = await exchange(await portalToken({ extra: { username: 'user-b' } }));
    expect(response.json().user_id).toBe('user-b');
  });

  it('refuses a token signed with another secret, an expired one, and an unknown user', async () => {
    expect(
      (await exchange(await portalToken({ username: 'admin-a' }, 'another-secret-another-secret-12345')))
        .statusCode,
    ).toBe(401);
    const expired = await new SignJWT({ username: 'admin-a' })
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(new TextEncoder().encode(SECRET));
    expect((await exchange(expired)).statusCode).toBe(401);
    const unknown = await exchange(await portalToken({ username: 'stranger' }));
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().message).toBe('This user was not found in the system');
  });
});

describe('portal sign-on with a JWKS', () => {
  let t: TestApp;
  let jwksServer: http.Server;
  let privateKey: Awaited<ReturnType<typeof generateKeyPair>>['privateKey'];
  let port: number;
  let jwksRequests = 0;
  beforeAll(async () => {
    const pair = await generateKeyPair('RS256');
    privateKey = pair.privateKey;
    const jwk = { ...(await exportJWK(pair.publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
    jwksServer = http.createServer((_req, res) => {
      jwksRequests++;
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ keys: [jwk] }));
    });
    await new Promise<void>((resolve) => jwksServer.listen(0, '127.0.0.1', resolve));
    port = (jwksServer.address() as AddressInfo).port;
    t = await createTestApp('sqlite', {
      LIS_PORTAL_JWKS_URL: `http://127.0.0.1:${port}/jwks.json`,
      LIS_PORTAL_ISSUER: 'https://portal.example',
      LIS_PORTAL_AUDIENCE: 'lis',
    });
    await withStandardUsers(t);
  });
  afterAll(async () => {
    await t.close();
    jwksServer.close();
  });

  const sign = (claims: Record<string, unknown>, issuer = 'https://portal.example', audience = 'lis') =>
    new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
      .setIssuer(issuer)
      .setAudience(audience)
      .setExpirationTime('5m')
      .sign(privateKey);
  const exchange = (token: string) =>
    t.app.inject({ method: 'POST', url: '/v1/auth/portal-exchange', payload: { token } });

  it('accepts a token signed by the portal key with the right issuer and audience', async () => {
    expect((await exchange(await sign({ username: 'user-a' }))).statusCode).toBe(200);
  });

  it('refuses a wrong issuer, a wrong audience and an HMAC token', async () => {
    expect((await exchange(await sign({ username: 'user-a' }, 'https://evil.example'))).statusCode).toBe(401);
    expect(
      (await exchange(await sign({ username: 'user-a' }, 'https://portal.example', 'other'))).statusCode,
    ).toBe(401);
    expect((await exchange(await portalToken({ username: 'user-a' }))).statusCode).toBe(401);
  });
  it('fetches the JWKS through the outbound policy: a denied address is never asked (issue 32)', async () => {
    for (const host of ['127.0.0.1', '0x7f.1', '2130706433', '[::ffff:127.0.0.1]', 'localhost']) {
      const denied = await createTestApp('sqlite', {
        LIS_PORTAL_JWKS_URL: `http://${host}:${port}/jwks.json`,
        LIS_PORTAL_ISSUER: 'https://portal.example',
        LIS_PORTAL_AUDIENCE: 'lis',
        LIS_OUTBOUND_DENY: '127.0.0.0/8,::1/128',
      });
      try {
        await withStandardUsers(denied);
        const before = jwksRequests;
        const response = await denied.app.inject({
          method: 'POST',
          url: '/v1/auth/portal-exchange',
          payload: { token: await sign({ username: 'user-a' }) },
        });
        expect(response.statusCode, host).toBe(401);
        expect(jwksRequests, host).toBe(before);
      } finally {
        await denied.close();
      }
    }
  });
});

describe('portal sign-on not configured', () => {
  it('answers 404', async () => {
    const t = await createTestApp('sqlite');
    const response = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/portal-exchange',
      payload: { token: 'x' },
    });
    expect(response.statusCode).toBe(404);
    await t.close();
  });
});
