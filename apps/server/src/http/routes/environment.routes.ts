import {
  DEFAULT_SID,
  EnvResponse,
  PING_SETTINGS_PATH,
  PingRequest,
  PingResponse,
  PingSettingsResponse,
  SsoEnvResponse,
  VersionResponse,
} from '@lis/contracts';
import { consoleRole } from '../../modules/access/access.js';
import { requireIdentity } from '../plugins/route-policy.js';
import type { AppContext } from '../app-context.js';
import type { TypedApp } from '../typed-app.js';

export function environmentRoutes(app: TypedApp, ctx: AppContext): void {
  // Asked by the console before anything else, also while the password must be changed (decision 0020).
  const signedIn = { policy: { access: 'signed-in' }, beforePasswordChange: true } as const;
  const { config } = ctx;
  const env = (): EnvResponse => ({
    appPoolAPI: config.basePath,
    version: ctx.version,
    time_zone: config.timeZone,
    portal_url: config.portal.url,
    sso_enabled: Boolean(config.portal.ssoWeb),
  });

  app.get('/v1/version', { config: signedIn, schema: { response: { 200: VersionResponse } } }, async () => ({
    name: 'LIS',
    version: ctx.version,
  }));
  app.get('/v1/env', { config: signedIn, schema: { response: { 200: EnvResponse } } }, async () => env());
  app.get('/v1/env/get', { config: signedIn, schema: { response: { 200: EnvResponse } } }, async () => env());
  app.get('/v1/get-env', { config: signedIn }, async (_request, reply) =>
    reply.type('text/plain; charset=utf-8').send(`LIS ${ctx.version} ${config.timeZone}`),
  );
  // Public: the sign-in page needs it before anyone is signed in. Holds no secret.
  app.get(
    '/v1/sso-env/get',
    { config: { policy: { access: 'public' } }, schema: { response: { 200: SsoEnvResponse } } },
    async () => ({
      ssO_WEB: config.portal.ssoWeb,
      ssO_REDIRECT_TOKEN: config.portal.ssoRedirectToken,
      portal_url: config.portal.url,
    }),
  );

  app.get(
    PING_SETTINGS_PATH,
    { config: signedIn, schema: { response: { 200: PingSettingsResponse } } },
    async (request) => {
      const identity = requireIdentity(request);
      return {
        workflow_ping_api_url: config.ping.url,
        workflow_ping_sid: DEFAULT_SID,
        workflow_ping_company_code: identity.grants[0]?.companyCode ?? '',
        workflow_ping_web_id: config.ping.webId,
        workflow_ping_ip_address: request.ip,
        workflow_ping_module: `${config.ping.module}:${consoleRole(identity) ?? 'none'}`,
        workflow_ping_interval: config.ping.intervalMs,
      };
    },
  );
  app.post(
    '/v1/ping',
    { config: { ...signedIn, audit: false }, schema: { body: PingRequest, response: { 200: PingResponse } } },
    async () => ({ server_time: new Date(ctx.clock.now()).toISOString() }),
  );
}
