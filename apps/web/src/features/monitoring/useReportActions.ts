import type { LegacyReportRow, RunStepQuery } from '@lis/contracts';
import { App } from 'antd';
import { useCallback, useState } from 'react';
import { ApiError } from '../../platform/api/http';
import { isActionPasswordRefusal } from '../../ui/error-message';
import { useT } from '../../platform/i18n/I18nProvider';
import { useErrorDialog } from '../../ui/useErrorDialog';
import { cancelRun, resumeJob, runImmediately, runStep } from './legacy-report-api';
import { monitoringMessages } from './monitoring.i18n';
import { isImportantJob } from './report-rows';

type Call = (password?: string) => Promise<{ message: string }>;
type Outcome = { ok: true; message: string } | { ok: false; error: unknown };

interface Confirmation {
  title: string;
  content: string;
  call: Call;
  /** An important job's run: the action password is asked after the confirmation. */
  askPassword?: boolean;
  danger?: boolean;
}

interface Options {
  /** Acting on a job holds the auto refresh (spec 000 §4). */
  hold: () => void;
  /** Clears the list, reloads it and restarts the auto refresh (spec 000 §4). */
  reloadCleared: () => Promise<void>;
}

/**
 * Run immediately, Continue, Stop and step re-run (spec 000 §2, §4, §5; DESIGN §6): a confirmation
 * first, the action password for important jobs, then the list is cleared and reloaded and the result
 * shown.
 */
export function useReportActions({ hold, reloadCleared }: Options) {
  const t = useT(monitoringMessages);
  const { modal } = App.useApp();
  const showErrorDialog = useErrorDialog();
  const [pending, setPending] = useState<Call>();
  const [passwordError, setPasswordError] = useState<string>();
  const [submitting, setSubmitting] = useState(false);

  const finish = useCallback(
    async (outcome: Outcome) => {
      await reloadCleared();
      if (outcome.ok) modal.success({ title: t('success'), content: outcome.message, okText: t('ok') });
      else if (!(outcome.error instanceof ApiError && outcome.error.status === 401))
        showErrorDialog(outcome.error, { title: t('failedTitle') });
    },
    [reloadCleared, modal, t, showErrorDialog],
  );

  const execute = useCallback(
    async (call: Call) => {
      try {
        await finish({ ok: true, message: (await call()).message });
      } catch (error) {
        await finish({ ok: false, error });
      }
    },
    [finish],
  );

  const confirmThen = useCallback(
    ({ title, content, call, askPassword = false, danger = false }: Confirmation) => {
      hold();
      modal.confirm({
        title,
        content,
        okText: t('yes'),
        cancelText: t('no'),
        okButtonProps: { danger },
        onOk: () => {
          if (!askPassword) return void execute(call);
          setPasswordError(undefined);
          setPending(() => call);
        },
      });
    },
    [hold, modal, t, execute],
  );

  const submitPassword = useCallback(
    async (password: string) => {
      if (!pending) return;
      setSubmitting(true);
      let outcome: Outcome;
      try {
        outcome = { ok: true, message: (await pending(password)).message };
      } catch (error) {
        if (isActionPasswordRefusal(error)) {
          setPasswordError(error.message);
          setSubmitting(false);
          return;
        }
        outcome = { ok: false, error };
      }
      setSubmitting(false);
      setPending(undefined);
      await finish(outcome);
    },
    [pending, finish],
  );

  const runNow = useCallback(
    (row: LegacyReportRow) =>
      confirmThen({
        title: t('confirmRunTitle'),
        content: t('confirmRunContent', { what: `${t('runImmediately')}: ${row.legacyid}` }),
        call: (password) => runImmediately(row, password),
        askPassword: isImportantJob(row),
      }),
    [confirmThen, t],
  );

  const rerunStep = useCallback(
    (row: LegacyReportRow, step: RunStepQuery['step']) =>
      confirmThen({
        title: t('confirmRunTitle'),
        content: t('confirmRunContent', {
          what: `${t('rerunStep', { step })}: ${row.legacyid} ${row.job_instanceno}`,
        }),
        call: (password) => runStep(row, step, password),
        askPassword: isImportantJob(row),
      }),
    [confirmThen, t],
  );

  const resume = useCallback(
    (row: LegacyReportRow) =>
      confirmThen({
        title: t('confirmResumeTitle'),
        content: t('confirmResumeContent', { legacyId: row.legacyid, company: row.companycode }),
        call: () => resumeJob(row),
      }),
    [confirmThen, t],
  );

  const stop = useCallback(
    (row: LegacyReportRow) => {
      if (!row.job_instanceno) {
        hold();
        modal.info({ title: t('noRunToStop', { legacyId: row.legacyid }), okText: t('ok') });
        return;
      }
      confirmThen({
        title: t('confirmStopTitle'),
        content: t('confirmStopContent', { jobNo: row.job_instanceno, legacyId: row.legacyid }),
        call: () => cancelRun(row),
        danger: true,
      });
    },
    [confirmThen, hold, modal, t],
  );

  const password = {
    open: pending !== undefined,
    submitting,
    error: passwordError,
    onSubmit: (value: string) => void submitPassword(value),
    onCancel: () => setPending(undefined),
  };
  return { runNow, resume, stop, rerunStep, password };
}

export type ReportActions = ReturnType<typeof useReportActions>;
