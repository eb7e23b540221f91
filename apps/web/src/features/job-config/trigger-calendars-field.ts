import type { JobConfig, JobConfigWrite } from '@lis/contracts';

/*
 * Issue 34: a job's calendar per cron trigger, `trigger_calendars` (names `|`-joined, aligned with
 * cron_trigger; '' = none). Until packages/contracts' JobConfig and JobConfigWrite carry the field (the
 * server's part of the issue), the console reads and writes it through these local extensions; once
 * they do, these become the contract's own types and can go.
 */
export type JobWithTriggerCalendars = JobConfig & { trigger_calendars?: string };
export type JobWriteWithTriggerCalendars = JobConfigWrite & { trigger_calendars?: string };
