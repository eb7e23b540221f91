import { Type, type Static } from '@sinclair/typebox';

export const VersionResponse = Type.Object({ version: Type.String(), name: Type.String() });
export type VersionResponse = Static<typeof VersionResponse>;

/** `GET /v1/sso-env/get`: the portal's sign-on page, empty when single sign-on is not configured. */
export const SsoEnvResponse = Type.Object({
  ssO_WEB: Type.String(),
  ssO_REDIRECT_TOKEN: Type.String(),
  portal_url: Type.String(),
});
export type SsoEnvResponse = Static<typeof SsoEnvResponse>;

/** `GET /v1/env` and `/v1/env/get`: what the console needs to know about the server. */
export const EnvResponse = Type.Object({
  appPoolAPI: Type.String(),
  version: Type.String(),
  time_zone: Type.String(),
  portal_url: Type.String(),
  sso_enabled: Type.Boolean(),
});
export type EnvResponse = Static<typeof EnvResponse>;

/**
 * The ping settings (spec 000 §3 "Environment data"): each field is prefixed by the name of the
 * workflow service and `ping_`. LIS names its workflow service `workflow`.
 */
export const PING_SETTINGS_PATH = '/v1/workflow/ping-settings';
export const PingSettingsResponse = Type.Object({
  workflow_ping_api_url: Type.String(),
  workflow_ping_sid: Type.String(),
  workflow_ping_company_code: Type.String(),
  workflow_ping_web_id: Type.String(),
  workflow_ping_ip_address: Type.String(),
  workflow_ping_module: Type.String(),
  workflow_ping_interval: Type.Integer(),
});
export type PingSettingsResponse = Static<typeof PingSettingsResponse>;
export const DEFAULT_PING_INTERVAL_MS = 60_000;

export const PingRequest = Type.Object(
  {
    sid: Type.Optional(Type.String({ maxLength: 64 })),
    company_code: Type.Optional(Type.String({ maxLength: 64 })),
    web_id: Type.Optional(Type.String({ maxLength: 64 })),
    ip_address: Type.Optional(Type.String({ maxLength: 64 })),
    user_id: Type.Optional(Type.String({ maxLength: 64 })),
    module: Type.Optional(Type.String({ maxLength: 64 })),
    ping_time: Type.Optional(Type.String({ maxLength: 64 })),
  },
  { additionalProperties: false },
);
export type PingRequest = Static<typeof PingRequest>;
export const PingResponse = Type.Object({ server_time: Type.String() });
export type PingResponse = Static<typeof PingResponse>;
