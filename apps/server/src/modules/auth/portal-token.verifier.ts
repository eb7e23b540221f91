import {
  createRemoteJWKSet,
  customFetch,
  jwtVerify,
  type FetchImplementation,
  type JWTPayload,
  type JWTVerifyGetKey,
} from 'jose';
import { outboundFetch } from '../../adapters/json-http/outbound-fetch.js';
import type { PortalConfig } from '../../config/config.js';

/**
 * Verifies a token handed over by the portal at /ingress: with a shared HMAC secret or the
 * portal's JWKS. Algorithms are allow-listed, `exp` is required, `jku`/`x5u` headers are ignored
 * (jose never follows them), iss and aud are checked when configured.
 */
/** jose's fetch, through the outbound policy's dispatcher (the same fetch API, undici's own). */
const portalFetch = ((url, options) =>
  outboundFetch(url, options as Parameters<typeof outboundFetch>[1])) as FetchImplementation;

export class PortalTokenVerifier {
  private readonly jwks: JWTVerifyGetKey | undefined;
  private readonly secret: Uint8Array | undefined;

  constructor(private readonly config: PortalConfig) {
    this.secret = config.tokenSecret ? new TextEncoder().encode(config.tokenSecret) : undefined;
    this.jwks = config.jwksUrl
      ? createRemoteJWKSet(new URL(config.jwksUrl), {
          timeoutDuration: 5000,
          // Through the outbound policy, as every other peer (issue 32).
          [customFetch]: portalFetch,
        })
      : undefined;
  }

  get configured(): boolean {
    return Boolean(this.secret || this.jwks);
  }

  /** The LIS user name the token names, or undefined when the token is not valid. */
  async usernameOf(token: string): Promise<string | undefined> {
    let payload: JWTPayload;
    const options = {
      requiredClaims: ['exp'],
      ...(this.config.issuer ? { issuer: this.config.issuer } : {}),
      ...(this.config.audience ? { audience: this.config.audience } : {}),
    };
    try {
      if (this.jwks) {
        ({ payload } = await jwtVerify(token, this.jwks, {
          ...options,
          algorithms: ['RS256', 'PS256', 'ES256', 'EdDSA'],
        }));
      } else if (this.secret) {
        ({ payload } = await jwtVerify(token, this.secret, {
          ...options,
          algorithms: ['HS256', 'HS384', 'HS512'],
        }));
      } else return undefined;
    } catch {
      return undefined;
    }
    const claim = this.config.userClaim;
    const extra = payload.extra as Record<string, unknown> | undefined;
    const value = payload[claim] ?? extra?.[claim] ?? extra?.username ?? extra?.citizen_id;
    return typeof value === 'string' && value ? value : undefined;
  }
}
