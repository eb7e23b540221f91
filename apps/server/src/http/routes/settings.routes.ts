import { ActionPasswordStatus, ActionPasswordWrite, MessageResponse } from '@lis/contracts';
import { message } from '../../i18n/messages.js';
import type { AppContext } from '../app-context.js';
import type { TypedApp } from '../typed-app.js';

/**
 * The Settings screen (super_admin): the separate action password of the step-up. Unset, protected
 * actions ask for the signed-in user's own password; anyone signed in may read which (the prompts say).
 */
export function settingsRoutes(app: TypedApp, ctx: AppContext): void {
  const { stepUp } = ctx.services;
  const superAdmin = { policy: { access: 'super_admin' } } as const;

  app.get(
    '/v1/settings/action-password',
    { config: { policy: { access: 'signed-in' } }, schema: { response: { 200: ActionPasswordStatus } } },
    async () => {
      const mode = await stepUp.mode();
      return { is_set: mode === 'action_password', step_up: mode };
    },
  );

  app.put(
    '/v1/settings/action-password',
    { config: superAdmin, schema: { body: ActionPasswordWrite, response: { 200: MessageResponse } } },
    async (request) => {
      request.auditTarget = 'action-password';
      await stepUp.setActionPassword(request.body.password);
      return { message: message(request.language, 'actionPasswordSaved') };
    },
  );

  app.delete(
    '/v1/settings/action-password',
    { config: superAdmin, schema: { response: { 200: MessageResponse } } },
    async (request) => {
      request.auditTarget = 'action-password';
      await stepUp.clearActionPassword();
      return { message: message(request.language, 'actionPasswordCleared') };
    },
  );
}
