import {
  ChangePasswordRequest,
  ChangePasswordResponse,
  LoginRequest,
  LoginResponse,
  PortalExchangeRequest,
  WhoAmIResponse,
} from '../auth.js';
import { MessageResponse } from '../common.js';
import {
  EnvResponse,
  PingRequest,
  PingResponse,
  PingSettingsResponse,
  SsoEnvResponse,
  VersionResponse,
} from '../environment.js';
import type { EndpointTable } from './endpoint.js';

/** Sign-in and the session, the environment, the ping, the live event stream. */
export const authEndpoints = {
  'POST /v1/auth/login': { body: LoginRequest, response: LoginResponse },
  'GET /v1/auth/me': { response: WhoAmIResponse },
  'POST /v1/auth/logout': { response: MessageResponse },
  'POST /v1/auth/portal-exchange': { body: PortalExchangeRequest, response: LoginResponse },
  'POST /v1/auth/change-password': { body: ChangePasswordRequest, response: ChangePasswordResponse },
  'GET /v1/version': { response: VersionResponse },
  'GET /v1/env': { response: EnvResponse },
  'GET /v1/env/get': { response: EnvResponse },
  'GET /v1/get-env': { answer: 'text' },
  'GET /v1/sso-env/get': { response: SsoEnvResponse },
  'GET /v1/workflow/ping-settings': { response: PingSettingsResponse },
  'POST /v1/ping': { body: PingRequest, response: PingResponse },
  'GET /v1/events': { answer: 'stream' },
} as const satisfies EndpointTable;
