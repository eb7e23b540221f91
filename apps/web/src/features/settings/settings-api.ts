import type { ActionPasswordStatus, ActionPasswordWrite, MessageResponse } from '@lis/contracts';
import { call } from '../../platform/api/endpoint-client';

export const settingsKeys = { actionPassword: ['settings', 'action-password'] as const };

/** GET /v1/settings/action-password: what the step-up asks for (own password or the action password). */
export function fetchActionPasswordStatus(signal?: AbortSignal): Promise<ActionPasswordStatus> {
  return call('GET /v1/settings/action-password', { signal });
}

/** PUT /v1/settings/action-password (super_admin): sets or changes the separate action password. */
export function saveActionPassword(password: string): Promise<MessageResponse> {
  return call('PUT /v1/settings/action-password', { body: { password } satisfies ActionPasswordWrite });
}

/** DELETE /v1/settings/action-password (super_admin): back to each user's own password. */
export function clearActionPassword(): Promise<MessageResponse> {
  return call('DELETE /v1/settings/action-password');
}
