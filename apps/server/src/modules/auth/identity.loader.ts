import type { Identity } from '../access/access.js';
import { grantsFrom } from '../access/access.js';
import type { UserRepository } from '../users/user.repository.js';
import type { TokenService } from './token.service.js';

/** Turns a bearer token into the caller's identity: verified signature, not revoked, user still there. */
export class IdentityLoader {
  constructor(
    private readonly tokens: TokenService,
    private readonly users: UserRepository,
  ) {}

  async fromToken(token: string): Promise<Identity | undefined> {
    const verified = await this.tokens.verify(token);
    if (!verified) return undefined;
    const user = await this.users.find(verified.username);
    if (!user || user.username !== verified.username) return undefined;
    return {
      username: user.username,
      firstName: user.first_name,
      lastName: user.last_name,
      citizenId: user.citizen_id,
      tokenId: verified.jti,
      tokenExpiresAt: verified.expiresAt,
      mustChangePassword: Number(user.must_change_password) === 1,
      grants: grantsFrom(user.companies),
    };
  }
}
