import { MessageResponse } from '../common.js';
import { DemoRemoveResponse, DemoStatus } from '../demo.js';
import {
  MailOutboxBody,
  MailOutboxBodyQuery,
  MailOutboxListResponse,
  MailOutboxQuery,
  MailOutboxResendRequest,
} from '../mail-outbox.js';
import { RetentionSettings, RetentionSettingsResponse, RetentionSweepResponse } from '../retention.js';
import { ActionPasswordStatus, ActionPasswordWrite } from '../settings.js';
import type { EndpointTable } from './endpoint.js';

/** The action password, retention, the mail outbox and the demo data. */
export const administrationEndpoints = {
  'GET /v1/settings/action-password': { response: ActionPasswordStatus },
  'PUT /v1/settings/action-password': { body: ActionPasswordWrite, response: MessageResponse },
  'DELETE /v1/settings/action-password': { response: MessageResponse },
  'GET /v1/settings/retention': { response: RetentionSettingsResponse },
  'PUT /v1/settings/retention': { body: RetentionSettings, response: RetentionSettingsResponse },
  'POST /v1/settings/retention/sweep': { response: RetentionSweepResponse },
  'GET /v1/mail-outbox': { query: MailOutboxQuery, response: MailOutboxListResponse },
  'GET /v1/mail-outbox/body': { query: MailOutboxBodyQuery, response: MailOutboxBody },
  'POST /v1/mail-outbox/resend': { body: MailOutboxResendRequest, response: MessageResponse },
  'GET /v1/demo': { response: DemoStatus },
  'DELETE /v1/demo': { response: DemoRemoveResponse },
} as const satisfies EndpointTable;
