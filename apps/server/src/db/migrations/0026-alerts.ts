import { sql, type Kysely } from 'kysely';
import type { MigrationContext } from '../migration-context.js';

/**
 * Issue 35: alerts (docs/alerts.md, decision 0047).
 *
 * `alert_channels`: where a company's alerts go — e-mail recipients (JSON array), or a webhook, Teams or
 * Slack URL sealed like every other secret (`url_enc`: a Teams or Slack URL is itself a secret; its
 * masked form is kept beside it for the API) and a webhook's HMAC key (`secret_enc`).
 * `alert_rules`: which conditions of which jobs (JSON arrays; no job: every job) go to which channels,
 * and the one escalation of an alert still open after `escalate_after_minutes`.
 * `alerts`: one row per (company, condition, subject) — the unique key is the de-duplication: a second
 * raise of the same subject records nothing. `event_id` is the id every delivery carries.
 * `alert_deliveries`: one row per channel per alert, and per escalation; a node holds one while it sends
 * (`lease_owner`, `lease_until`, by the database's clock); `next_attempt_at` is when a pending one is due.
 * `alert_delivery_attempts`: every attempt, with the receiver's status or the error.
 */
export async function up(db: Kysely<unknown>, { dialect }: MigrationContext): Promise<void> {
  const time = 'bigint';
  await db.schema
    .createTable('alert_channels')
    .addColumn('company_code', 'varchar(32)', (c) => c.notNull())
    .addColumn('name', 'varchar(64)', (c) => c.notNull())
    /** email, webhook, teams, slack. */
    .addColumn('kind', 'varchar(10)', (c) => c.notNull())
    /** en, th. */
    .addColumn('language', 'varchar(2)', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('recipients', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('url_enc', 'text')
    .addColumn('url_masked', 'varchar(2000)', (c) => c.notNull().defaultTo(''))
    .addColumn('secret_enc', 'text')
    .addColumn('created_at', time, (c) => c.notNull())
    .addColumn('updated_at', time, (c) => c.notNull())
    .addColumn('updated_by', 'varchar(100)')
    .addPrimaryKeyConstraint('alert_channels_pk', ['company_code', 'name'])
    .execute();

  await db.schema
    .createTable('alert_rules')
    .addColumn('company_code', 'varchar(32)', (c) => c.notNull())
    .addColumn('name', 'varchar(64)', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('conditions', 'text', (c) => c.notNull())
    .addColumn('jobs', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('channels', 'text', (c) => c.notNull())
    .addColumn('escalate_after_minutes', 'integer')
    .addColumn('escalate_to', 'varchar(64)')
    .addColumn('created_at', time, (c) => c.notNull())
    .addColumn('updated_at', time, (c) => c.notNull())
    .addColumn('updated_by', 'varchar(100)')
    .addPrimaryKeyConstraint('alert_rules_pk', ['company_code', 'name'])
    .execute();

  await db.schema
    .createTable('alerts')
    .addColumn('event_id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('company_code', 'varchar(32)', (c) => c.notNull())
    .addColumn('condition', 'varchar(24)', (c) => c.notNull())
    .addColumn('subject', 'varchar(300)', (c) => c.notNull())
    .addColumn('legacy_id', 'varchar(100)')
    .addColumn('job_instance_no', 'varchar(160)')
    .addColumn('business_day', 'varchar(10)')
    .addColumn('deadline_at', time)
    .addColumn('occurred_at', time, (c) => c.notNull())
    .addColumn('raised_at', time, (c) => c.notNull())
    /** open, acknowledged, resolved. */
    .addColumn('state', 'varchar(14)', (c) => c.notNull())
    .addColumn('acknowledged_by', 'varchar(100)')
    .addColumn('acknowledged_at', time)
    .addColumn('comment', 'text')
    .addColumn('resolved_at', time)
    .addColumn('escalated_at', time)
    .execute();
  await db.schema
    .createIndex('alerts_subject_uq')
    .on('alerts')
    .columns(['company_code', 'condition', 'subject'])
    .unique()
    .execute();
  await db.schema
    .createIndex('alerts_raised_idx')
    .on('alerts')
    .columns(['company_code', 'raised_at'])
    .execute();
  await db.schema.createIndex('alerts_state_idx').on('alerts').columns(['state', 'company_code']).execute();

  await db.schema
    .createTable('alert_deliveries')
    .addColumn('seq', dialect === 'postgres' ? sql`bigserial` : 'integer', (c) =>
      dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
    )
    .addColumn('event_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('company_code', 'varchar(32)', (c) => c.notNull())
    .addColumn('channel', 'varchar(64)', (c) => c.notNull())
    /** The channel's kind when queued (and when last sent): what /metrics counts by. */
    .addColumn('kind', 'varchar(10)', (c) => c.notNull())
    .addColumn('escalation', 'integer', (c) => c.notNull().defaultTo(0))
    /** pending, sending, delivered, failed, cancelled (an escalation its alert no longer needs). */
    .addColumn('state', 'varchar(10)', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('first_attempt_at', time)
    .addColumn('next_attempt_at', time)
    .addColumn('lease_owner', 'varchar(200)')
    .addColumn('lease_until', time)
    .addColumn('created_at', time, (c) => c.notNull())
    .addColumn('finished_at', time)
    .execute();
  await db.schema
    .createIndex('alert_deliveries_uq')
    .on('alert_deliveries')
    .columns(['event_id', 'channel', 'escalation'])
    .unique()
    .execute();
  await db.schema
    .createIndex('alert_deliveries_due_idx')
    .on('alert_deliveries')
    .columns(['state', 'next_attempt_at'])
    .execute();

  await db.schema
    .createTable('alert_delivery_attempts')
    .addColumn('delivery_seq', 'bigint', (c) => c.notNull())
    .addColumn('attempt', 'integer', (c) => c.notNull())
    .addColumn('event_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('at', time, (c) => c.notNull())
    /** The receiver's HTTP status; null: no answer (a network error), or an e-mail. */
    .addColumn('status', 'integer')
    /** delivered, retrying, failed. */
    .addColumn('outcome', 'varchar(10)', (c) => c.notNull())
    .addColumn('error', 'text')
    /** The first 500 characters of the receiver's answer. */
    .addColumn('answer', 'varchar(500)')
    .addPrimaryKeyConstraint('alert_delivery_attempts_pk', ['delivery_seq', 'attempt'])
    .execute();
  await db.schema
    .createIndex('alert_delivery_attempts_event_idx')
    .on('alert_delivery_attempts')
    .column('event_id')
    .execute();
}
