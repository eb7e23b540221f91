import type { Identity } from '../access/access.js';
import { grantsFrom } from '../access/access.js';
import type { CompanyRepository } from '../companies/company.repository.js';
import type { UserRepository } from '../users/user.repository.js';
import type { TokenService } from './token.service.js';

/**
 * Turns a bearer token into the caller's identity, loaded from the database on every request: the
 * signature is verified, the token is not revoked, the user is still there with the token's generation
 * (a password change or reset, or deleting and re-creating the user, ends every older token — decision
 * 0026), and the grants are the user's current ones minus inactive companies. Anything that accepts a
 * LIS token (routes, the events stream, file downloads) goes through `fromToken`.
 */
export class IdentityLoader {
  constructor(
    private readonly tokens: TokenService,
    private readonly users: UserRepository,
    private readonly companies: CompanyRepository,
  ) {}

  async fromToken(token: string): Promise<Identity | undefined> {
    const verified = await this.tokens.verify(token);
    if (!verified) return undefined;
    const user = await this.users.find(verified.username);
    if (!user || user.username !== verified.username) return undefined;
    if (Number(user.token_generation) !== verified.generation) return undefined;
    const inactive = await this.companies.inactiveAmong(user.companies.map((c) => c.company_code));
    return {
      username: user.username,
      firstName: user.first_name,
      lastName: user.last_name,
      citizenId: user.citizen_id,
      tokenId: verified.jti,
      tokenExpiresAt: verified.expiresAt,
      mustChangePassword: Number(user.must_change_password) === 1,
      grants: grantsFrom(user.companies.filter((c) => !inactive.has(c.company_code))),
    };
  }

  /** True when the token still names a signed-in user (for callers that need no identity). */
  async isTokenValid(token: string): Promise<boolean> {
    return (await this.fromToken(token)) !== undefined;
  }
}
