import type { ActionPasswordStatus, ActionPasswordWrite, MessageResponse } from '@lis/contracts';
import { api } from '../../platform/api/http';

export const settingsKeys = { actionPassword: ['settings', 'action-password'] as const };

/** GET /v1/settings/action-password: what the step-up asks for (own password or the action password). */
export function fetchActionPasswordStatus(signal?: AbortSignal): Promise<ActionPasswordStatus> {
  return api.get<ActionPasswordStatus>('v1/settings/action-password', undefined, signal);
}

/** PUT /v1/settings/action-password (super_admin): sets or changes the separate action password. */
export function saveActionPassword(password: string): Promise<MessageResponse> {
  return api.put<MessageResponse>('v1/settings/action-password', { password } satisfies ActionPasswordWrite);
}

/** DELETE /v1/settings/action-password (super_admin): back to each user's own password. */
export function clearActionPassword(): Promise<MessageResponse> {
  return api.delete<MessageResponse>('v1/settings/action-password');
}
