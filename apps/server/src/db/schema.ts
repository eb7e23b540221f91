import type { Generated } from 'kysely';
import type {
  AlertChannelTable,
  AlertDeliveryAttemptTable,
  AlertDeliveryTable,
  AlertRuleTable,
  AlertTable,
} from './alert-schema.js';
import type { ServerCheckTable } from './server-check-schema.js';

export type { ServerCheckTable, ServerReachabilityColumn } from './server-check-schema.js';

/** Times are epoch milliseconds (bigint on PostgreSQL, integer on SQLite): portable and comparable. */
export interface CompanyTable {
  company_code: string;
  sid: string;
  company_name: string;
  status: 'active' | 'inactive';
  created_at: number;
  updated_at: number;
  /** 0029: the company's default retry policy (JSON, engine/runs/retry-policy.ts); null: retries off. */
  retry_policy: Generated<string | null>;
}

export interface UserTable {
  username: string;
  first_name: string;
  last_name: string;
  citizen_id: string;
  password_hash: string | null;
  /** 1: the password is a generated one-time password that must be changed at sign-in (decision 0020). */
  must_change_password: Generated<number>;
  /** Carried in the user's tokens (claim `gen`); raised on a password change or reset (decision 0026). */
  token_generation: Generated<number>;
  created_at: number;
  updated_at: number;
}

export interface UserCompanyTable {
  username: string;
  /** Order of the entry: the first (0) decides the user's role in the console. */
  position: number;
  sid: string;
  company_code: string;
  role_access: string;
}

export interface RoleTable {
  role_access_code: string;
  role_access_name: string;
  rank: number;
}

export interface TokenRevocationTable {
  jti: string;
  username: string;
  expires_at: number;
}

/** Step-up attempts of a user in the current window, counted before verifying (decision 0020). */
export interface StepUpBudgetTable {
  username: string;
  window_start: number;
  attempts: number;
}

/** The sign-in throttle: attempts per key in a fixed window, shared by every node (decision 0026). */
export interface LoginAttemptTable {
  throttle_key: string;
  window_start: number;
  attempts: number;
}

export interface SettingTable {
  key: string;
  value: string;
  updated_at: number;
}

export interface AuditLogTable {
  id: string;
  at: number;
  username: string | null;
  method: string;
  route: string;
  status_code: number;
  company_code: string | null;
  target: string | null;
  details: string | null;
  ip: string | null;
  seq: Generated<number>;
}

export type YesNo = 'Y' | 'N';
export type OverlapPolicy = 'skip' | 'buffer_one' | 'allow_all';
export type MisfirePolicy = 'fire_once_now' | 'do_nothing';

/** The columns of a job configuration the scheduler needs (the screens add the rest). */
export interface JobConfigTable {
  company_code: string;
  legacy_id: string;
  sid: string;
  legacy_name: string;
  legacy_type: string;
  important_job: string;
  is_active: YesNo;
  has_suspend: YesNo;
  stopif_step4_error: YesNo;
  criteria_stopif_mainstatus_warning: YesNo;
  /** Quartz expressions joined by `|`: one trigger each. */
  cron_trigger: string;
  /** 0022: the calendar name of each trigger, `|`-joined in the order of cron_trigger ('' none). */
  trigger_calendars: Generated<string>;
  /** Predecessor legacy ids joined by `|`. */
  legacy_criteria: string;
  overlap_policy: OverlapPolicy;
  misfire_policy: MisfirePolicy;
  /** 0029: the job's retry policy (JSON, engine/runs/retry-policy.ts); null: its company's. */
  retry_policy: Generated<string | null>;
  // 0004-job-config: spec 001 §3 connection and e-mail columns (lists `|`-joined).
  sftp_source_server_id: string | null;
  sftp_source_path: string | null;
  sftp_source_formatfilename: string | null;
  sftp_source_filetype: string | null;
  sftp_source_dest_localpath: string | null;
  sftp_return_server_id: string | null;
  sftp_return_path: string | null;
  sftp_return_formatfilename: string | null;
  sftp_return_success_path: string | null;
  sftp_return_error_path: string | null;
  edi_source_job_version: string | null;
  edi_source_result_path: string | null;
  edi_source_success_path: string | null;
  edi_source_error_path: string | null;
  api_serverid: string | null;
  api_classname: string | null;
  api_function_name: string | null;
  api_success_path: string | null;
  api_error_path: string | null;
  api_result_path: string | null;
  dms_serverid: string | null;
  dms_bucket: string | null;
  dms_boxid: string | null;
  dms_roleaccess: string | null;
  dms_group: string | null;
  dms_groupid: string | null;
  email_finished_to: string | null;
  email_finished_cc: string | null;
  email_finished_bcc: string | null;
  email_warning_to: string | null;
  email_warning_cc: string | null;
  email_warning_bcc: string | null;
  email_error_to: string | null;
  email_error_cc: string | null;
  email_error_bcc: string | null;
  f1_function_error_email_to: string | null;
  f1_function_error_email_cc: string | null;
  f1_function_error_email_bcc: string | null;
  sftp_source_isdeletesource: Generated<YesNo>;
  email_finished_is_active: Generated<YesNo>;
  email_warning_is_active: Generated<YesNo>;
  email_error_is_active: Generated<YesNo>;
  f1_function_error_email_is_active: Generated<YesNo>;
  // 0009-source-stability: step 1's per-job stability options (decision 0018).
  /** 0: no minimum age. */
  sftp_source_min_age_seconds: Generated<number>;
  /** `{name}.done`, `{base}.ok`, …; NULL: no done-marker needed. */
  sftp_source_done_marker: string | null;
  /** `|`-joined glob-ish patterns of names never taken; NULL: the defaults. */
  sftp_source_exclude_names: string | null;
  created_at: number;
  updated_at: number;
  updated_by: string | null;
}

export interface ChainJobTable {
  company_code: string;
  chain_id: string;
  sid: string;
  chain_name: string;
  /** Entries `legacyId,legacyName` joined by `|`, run in this order. */
  legacy_list: string;
  is_active: YesNo;
  cron_trigger: string;
  created_by: string | null;
  created_at: number;
  updated_at: number;
  /** 0017: the dialog's ImportantJob box (N for chains made before it). */
  important_job: Generated<YesNo>;
  /** 0022: the calendar name of each trigger, `|`-joined in the order of cron_trigger ('' none). */
  trigger_calendars: Generated<string>;
}

/** A named business calendar (migration 0022, issue 34); company `*`: shared by every company. */
export interface CalendarTable {
  company_code: string;
  name: string;
  description: Generated<string>;
  /** The CalendarDefinition JSON of @lis/contracts. */
  definition: string;
  created_at: number;
  updated_at: number;
  updated_by: string | null;
}

/** A maintenance window (migration 0025, issue 34); company `*`: holds every company. */
export interface MaintenanceWindowTable {
  company_code: string;
  name: string;
  description: Generated<string>;
  /** 1: the window holds; 0: disabled (holds nothing). */
  enabled: number;
  /** The MaintenanceSchedule JSON of @lis/contracts. */
  schedule: string;
  created_at: number;
  updated_at: number;
  updated_by: string | null;
}

/** A job's file deadline (migration 0027, issue 35): at most one per job. */
export interface JobExpectationTable {
  company_code: string;
  legacy_id: string;
  /** 1: evaluated; 0: disabled (no day rows, no alerts). */
  enabled: number;
  /** HH:MM in LIS_TIMEZONE. */
  deadline: string;
  warn_before_minutes: number;
  min_files: number;
  max_files: number | null;
  min_size_bytes: number;
  /** Grows with every change: the evaluator makes day rows only for the version it read. */
  version: number;
  /** The last business day (yyyy-mm-dd) the evaluator considered; null: none yet. */
  days_through: string | null;
  created_at: number;
  updated_at: number;
  updated_by: string | null;
}

/** PENDING, ON_TIME, LATE, MISSING, RECOVERED (ExpectationState of @lis/contracts). */
export type ExpectationDayState = 'PENDING' | 'ON_TIME' | 'LATE' | 'MISSING' | 'RECOVERED';

/** One job's expectation on one business day (migration 0027): one row across the cluster. */
export interface ExpectationDayTable {
  company_code: string;
  legacy_id: string;
  /** yyyy-mm-dd in LIS_TIMEZONE. */
  business_day: string;
  state: ExpectationDayState;
  deadline_at: number;
  warn_at: number;
  arrived_at: number | null;
  job_instance_no: string | null;
  files: number;
  created_at: number;
  evaluated_at: number | null;
}

export type TriggerOwnerKind = 'job' | 'chain';
/** WAITING: scheduled; PAUSED: stopped from the Quartz Monitor; COMPLETE: never fires again; ERROR: invalid. */
export type TriggerState = 'WAITING' | 'PAUSED' | 'COMPLETE' | 'ERROR';

export interface TriggerTable {
  /** `{owner_kind}|{company_code}|{owner_id}|{position}` */
  id: string;
  owner_kind: TriggerOwnerKind;
  company_code: string;
  owner_id: string;
  position: number;
  expression: string;
  time_zone: string;
  state: TriggerState;
  next_fire_at: number | null;
  prev_fire_at: number | null;
  fire_count: number;
  misfire_policy: MisfirePolicy;
  paused_by: string | null;
  updated_at: number;
  /** 0023: the calendar the trigger fires by (company `*`: a shared one); null: none. */
  calendar_company: string | null;
  /** 0023: the calendar name of the trigger; with calendar_company null: a name that resolved to no calendar. */
  calendar_name: string | null;
  /** 0023: a digest of the definition next_fire_at was planned with (a changed calendar re-plans). */
  calendar_version: string | null;
  /** 0024: the trigger's business-day rule in text form (`nth=3`, `shift=next`); null: none. */
  calendar_rule: string | null;
  /**
   * 0025: the database time a maintenance window first left the trigger's due fire unfired; the hold
   * stands while next_fire_at is not after it (engine/scheduler/maintenance-hold.ts). Null: not held.
   */
  maintenance_held_since?: number | null;
}

export type RunKind = 'scheduled' | 'manual' | 'chain_member';
/**
 * QUEUED → (WAITING for predecessors) → RUNNING → FINISHED | WARNING | ERROR; SKIPPED by overlap;
 * STOPPED when an operator's Stop ended it (at any point: never an error, issue 31).
 */
export type RunState =
  'QUEUED' | 'WAITING' | 'RUNNING' | 'FINISHED' | 'WARNING' | 'ERROR' | 'SKIPPED' | 'STOPPED';

export interface JobRunTable {
  id: string;
  job_instance_no: string;
  owner_kind: TriggerOwnerKind;
  company_code: string;
  /** The job's legacy id, or the chain id for a chain run. */
  legacy_id: string;
  kind: RunKind;
  trigger_id: string | null;
  scheduled_at: number | null;
  parent_run_id: string | null;
  state: RunState;
  queued_at: number;
  started_at: number | null;
  finished_at: number | null;
  /** A WAITING run gives up at this time (predecessor wait limit). */
  wait_until: number | null;
  /** Fencing: the node holding the run, until when, and which attempt it is. */
  lease_owner: string | null;
  lease_until: number | null;
  attempt: number;
  requested_by: string | null;
  cancel_requested_by: string | null;
  message: string | null;
  /** The message's key and parameters (JSON) in i18n/run-messages (0015); null: read `message` as stored. */
  message_key?: string | null;
  message_params?: string | null;
  /** The e-mail step's outcome (SUCCESS, ERROR, or null before it ran). */
  send_email_status: string | null;
  /** 0029: a step's retry (docs/retries.md): which step, which attempt next, of how many, when, cancelled by. */
  retry_step?: number | null;
  retry_attempt?: number | null;
  retry_max?: number | null;
  retry_at?: number | null;
  retry_cancelled_by?: string | null;
}

export interface MissedFireTable {
  trigger_id: string;
  scheduled_at: number;
  detected_at: number;
  policy: MisfirePolicy;
}

export interface SchedulerNodeTable {
  id: string;
  hostname: string;
  pid: number;
  roles: string;
  started_at: number;
  heartbeat_at: number;
  stopped_at: number | null;
}

export interface SystemLogTable {
  seq: Generated<number>;
  sid: string;
  company_code: string;
  job_instance_no: string | null;
  log_type: string;
  message: string;
  /** See JobRunTable.message_key (0015). */
  message_key?: string | null;
  message_params?: string | null;
  msg_source: string;
  created_at: number;
}

/** Secret columns (`*_enc`) hold ciphertext from SecretBox, never plaintext. */
export interface ApiServerTable {
  company_code: string;
  api_server_id: string;
  sid: string;
  api_url: string;
  api_username: string;
  api_password_enc: string | null;
  /** Time limit of a function call, seconds (1..3600; migration 0008). */
  api_timeout_seconds: Generated<number>;
  created_at: number;
  updated_at: number;
  updated_by: string | null;
}

export interface SftpServerTable {
  company_code: string;
  sftp_server_id: string;
  sid: string;
  host: string;
  port: number;
  username: string;
  password_enc: string | null;
  private_key_enc: string | null;
  privatekey_path: string;
  created_at: number;
  updated_at: number;
  updated_by: string | null;
}

export interface DmsServerTable {
  company_code: string;
  dms_server_id: string;
  sid: string;
  dms_url: string;
  dms_token_enc: string | null;
  created_at: number;
  updated_at: number;
  updated_by: string | null;
}

export interface EmailContentTable {
  company_code: string;
  /** finished | warning | error | function_error */
  condition: string;
  sid: string;
  /** Decoded UTF-8 text (base64 only on the wire). */
  content_subject: string;
  content_body: string;
  updated_at: number;
  updated_by: string | null;
}

/** A pipeline step of a run (DESIGN §4): 1 load, 5 conversion, 2 call, 3 return, 4 function status, 6 e-mail. */
/** STOPPED: the step was running when an operator stopped the run. */
export type StepStatus = 'RUNNING' | 'SUCCESS' | 'WARNING' | 'ERROR' | 'SKIPPED' | 'STOPPED';
export interface RunStepTable {
  run_id: string;
  step: number;
  status: StepStatus;
  started_at: number | null;
  finished_at: number | null;
  message: string | null;
  /** See JobRunTable.message_key (0015). */
  message_key?: string | null;
  message_params?: string | null;
}

/** An earlier attempt of a run's step, kept when a step re-run forgets it (migration 0021, issue 31). */
export interface RunStepAttemptTable {
  run_id: string;
  step: number;
  /** 1: the step's first run; 2: the first re-run; … */
  attempt: number;
  status: StepStatus;
  started_at: number | null;
  finished_at: number | null;
  message: string | null;
  message_key: string | null;
  message_params: string | null;
  rerun_by: string | null;
  rerun_at: number;
}

/** The file ledger: every file a run touches, with its content hash and the key of its kept copy. */
export type FileListType =
  'source' | 'return_success' | 'return_error' | 'api_request' | 'api_response' | 'step4_error';
export interface RunFileTable {
  seq: Generated<number>;
  run_id: string;
  company_code: string;
  legacy_id: string;
  job_instance_no: string;
  list_type: FileListType;
  file_name: string;
  size: number;
  sha256: string;
  origin: string;
  blob_key: string;
  created_at: number;
  /** The file store the blob was written to, and the node that wrote it (0010; null before). */
  blob_store: string | null;
  stored_by: string | null;
  /** 'pending': step 1 backed the file up but has not yet seen it deleted at the source (0013). */
  source_state: Generated<'pending' | null>;
  /** When the retention sweep deleted the kept copy while the run is still kept (0012; null: kept). */
  backup_deleted_at: number | null;
}

/** Content of the database file store, once per SHA-256 (0010). */
export interface BlobContentTable {
  sha256: string;
  size: number;
  chunk_count: number;
  created_at: number;
}

/** A content's bytes in chunks of 1 MiB, `seq` from 0; `sha256` is `part-…` while its put runs. */
export interface BlobChunkTable {
  sha256: string;
  seq: number;
  data: Uint8Array;
}

/** A key of the database file store and the content it names. */
export interface BlobTable {
  key: string;
  sha256: string;
  size: number;
  created_at: number;
}

/** A periodic task one node of the cluster runs at a time (0012): the retention sweep. */
export interface MaintenanceLeaseTable {
  name: string;
  owner: string | null;
  lease_until: number | null;
  last_started_at: number | null;
  last_finished_at: number | null;
  /** JSON of the last pass's counts. */
  last_result: string | null;
}

/** A kept file to delete from the file store, queued in the transaction that let go of it (0012). */
export interface BlobDeletionTable {
  blob_key: string;
  /** The kept run whose backup expired; null when the run itself was deleted. */
  run_id: string | null;
  /** That run's end had to be before this instant (a re-run since keeps the file). */
  expired_before: number | null;
  queued_at: number;
}

export interface FileDeliveryTable {
  file_seq: number;
  destination: string;
  delivered_at: number;
}

/** Spec 000 §3 "Application log row". */
export interface ApplicationLogTable {
  seq: Generated<number>;
  run_id: string;
  company_code: string;
  legacy_id: string;
  job_instance_no: string;
  transaction_id: string;
  transaction_date: string;
  source_id1: string;
  source_id2: string;
  source_id3: string;
  doc_type: string;
  doc_year: string;
  item_no: string;
  doc_date: string;
  post_date: string;
  status: 'E' | 'S';
  message: string;
  metadata: string;
  source_file: string;
  created_at: number;
}

/**
 * PENDING (to send), SENDING (a node is in the SMTP conversation), SENT, UNKNOWN (the relay may have it:
 * never resent by itself, 0007), FAILED (certainly not delivered; given up), KEPT (no SMTP).
 */
export type MailStatus = 'PENDING' | 'SENDING' | 'SENT' | 'UNKNOWN' | 'FAILED' | 'KEPT';
export interface MailOutboxTable {
  seq: Generated<number>;
  run_id: string | null;
  company_code: string;
  legacy_id: string;
  job_instance_no: string;
  condition: string;
  mail_to: string;
  mail_cc: string;
  mail_bcc: string;
  subject: string;
  body_html: string;
  status: MailStatus;
  attempts: number;
  next_attempt_at: number | null;
  last_error: string | null;
  created_at: number;
  sent_at: number | null;
  /** `<…@domain>`, fixed when queued, the same on every attempt (0007; null on mails queued before). */
  message_id: string | null;
}

export interface Database {
  companies: CompanyTable;
  users: UserTable;
  user_companies: UserCompanyTable;
  roles: RoleTable;
  token_revocations: TokenRevocationTable;
  settings: SettingTable;
  step_up_budget: StepUpBudgetTable;
  login_attempts: LoginAttemptTable;
  audit_log: AuditLogTable;
  job_configs: JobConfigTable;
  chain_jobs: ChainJobTable;
  calendars: CalendarTable;
  maintenance_windows: MaintenanceWindowTable;
  job_expectations: JobExpectationTable;
  expectation_days: ExpectationDayTable;
  server_checks: ServerCheckTable;
  triggers: TriggerTable;
  job_runs: JobRunTable;
  missed_fires: MissedFireTable;
  scheduler_nodes: SchedulerNodeTable;
  system_log: SystemLogTable;
  api_servers: ApiServerTable;
  sftp_servers: SftpServerTable;
  dms_servers: DmsServerTable;
  email_contents: EmailContentTable;
  run_steps: RunStepTable;
  run_step_attempts: RunStepAttemptTable;
  run_files: RunFileTable;
  blob_contents: BlobContentTable;
  blob_chunks: BlobChunkTable;
  blobs: BlobTable;
  file_deliveries: FileDeliveryTable;
  application_log: ApplicationLogTable;
  mail_outbox: MailOutboxTable;
  maintenance_leases: MaintenanceLeaseTable;
  blob_deletions: BlobDeletionTable;
  alert_channels: AlertChannelTable;
  alert_rules: AlertRuleTable;
  alerts: AlertTable;
  alert_deliveries: AlertDeliveryTable;
  alert_delivery_attempts: AlertDeliveryAttemptTable;
}
