import type { Generated } from 'kysely';

/*
 * The alerts' tables (migration 0026, issue 35; docs/alerts.md). Times are epoch milliseconds.
 */

export type AlertChannelKindColumn = 'email' | 'webhook' | 'teams' | 'slack';
export type AlertStateColumn = 'open' | 'acknowledged' | 'resolved';
/** cancelled: an escalation whose alert was acknowledged or resolved before it was due. */
export type AlertDeliveryState = 'pending' | 'sending' | 'delivered' | 'failed' | 'cancelled';
export type AlertAttemptOutcome = 'delivered' | 'retrying' | 'failed';

export interface AlertChannelTable {
  company_code: string;
  name: string;
  kind: AlertChannelKindColumn;
  language: 'en' | 'th';
  /** 1 on, 0 off (nothing is queued for it). */
  enabled: number;
  /** E-mail recipients, a JSON array. */
  recipients: string;
  /** The URL, sealed (SecretBox, slot alert_channels/company/name/url_enc); null for e-mail. */
  url_enc: string | null;
  /** The URL as the API shows it (scheme, host and first path segment; the rest masked). */
  url_masked: string;
  /** A webhook's HMAC key, sealed (slot …/secret_enc). */
  secret_enc: string | null;
  created_at: number;
  updated_at: number;
  updated_by: string | null;
}

export interface AlertRuleTable {
  company_code: string;
  name: string;
  enabled: number;
  /** JSON array of AlertCondition. */
  conditions: string;
  /** JSON array of legacy ids; empty: every job of the company. */
  jobs: string;
  /** JSON array of channel names. */
  channels: string;
  escalate_after_minutes: number | null;
  escalate_to: string | null;
  created_at: number;
  updated_at: number;
  updated_by: string | null;
}

export interface AlertTable {
  event_id: string;
  company_code: string;
  condition: string;
  /** Unique per (company, condition): what the alert is about (engine/alerts/alert-sink.ts). */
  subject: string;
  legacy_id: string | null;
  job_instance_no: string | null;
  business_day: string | null;
  deadline_at: number | null;
  occurred_at: number;
  raised_at: number;
  state: AlertStateColumn;
  acknowledged_by: string | null;
  acknowledged_at: number | null;
  comment: string | null;
  resolved_at: number | null;
  escalated_at: number | null;
}

export interface AlertDeliveryTable {
  seq: Generated<number>;
  event_id: string;
  company_code: string;
  channel: string;
  kind: AlertChannelKindColumn;
  /** 1: the escalation of the alert (sent once, only while the alert is open). */
  escalation: number;
  state: AlertDeliveryState;
  attempts: number;
  first_attempt_at: number | null;
  /** When a pending delivery is due. */
  next_attempt_at: number | null;
  /** The node sending it and until when it holds it (database clock). */
  lease_owner: string | null;
  lease_until: number | null;
  created_at: number;
  finished_at: number | null;
}

export interface AlertDeliveryAttemptTable {
  delivery_seq: number;
  attempt: number;
  event_id: string;
  at: number;
  status: number | null;
  outcome: AlertAttemptOutcome;
  error: string | null;
  answer: string | null;
}
