import type { ChangePasswordRequest } from '@lis/contracts';
import { call } from '../../platform/api/endpoint-client';
import { replaceAccessToken } from '../../platform/session/session';
import type { PasswordChangeForm } from './PasswordChangeFields';

/**
 * Replaces the signed-in user's own password. Every older token of the user ends on the server, so
 * this session goes on with the fresh one the answer carries.
 */
export async function changeOwnPassword(values: PasswordChangeForm): Promise<void> {
  const body: ChangePasswordRequest = {
    current_password: values.current_password,
    new_password: values.new_password,
  };
  const changed = await call('POST /v1/auth/change-password', { body });
  replaceAccessToken(changed.access_token);
}
