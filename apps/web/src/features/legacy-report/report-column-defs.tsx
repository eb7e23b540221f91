import { MessageOutlined, ReloadOutlined } from '@ant-design/icons';
import type { LegacyReportRow } from '@lis/contracts';
import type { TableColumnType } from 'antd';
import { PlainButton } from '../../ui/PlainButton';
import type { StepStatusItem } from '../../ui/StepStatusStrip';
import { ReportPathButtons, Step4ErrorFilesButton, type ReportFileSelection } from '../files';
import type { EmailStatus } from '../monitoring';
import type { MonitoringKey } from '../monitoring';
import { canRerunStep, formatReportTime, reportRowKey, stepStatus } from '../monitoring';
import { ReportIdentityCell } from './ReportIdentityCell';
import { ReportRowMenu } from './ReportRowMenu';
import { STICKY_COLUMNS, type ReportColumn } from './report-columns';
import { RunStepsCell } from '../monitoring';
import { JobStateCell } from '../monitoring';
import type { ReportActions } from '../monitoring';

type Column = TableColumnType<LegacyReportRow>;
type Translate = (key: MonitoringKey, values?: Record<string, string | number>) => string;

export interface ColumnContext {
  t: Translate;
  /** The files dictionary's words (the path buttons' column). */
  pathsTitle: string;
  emailHelp: (status: EmailStatus) => string | undefined;
  widths: Record<ReportColumn, number>;
  positions: ReadonlyMap<string, number>;
  menuDisabled: boolean;
  openMenu: string | undefined;
  setOpenMenu: (key: string | undefined) => void;
  copied: string | undefined;
  onCopy: (row: LegacyReportRow) => void;
  actions: Pick<ReportActions, 'runNow' | 'resume' | 'stop' | 'rerunStep'>;
  onShowMessage: (row: LegacyReportRow) => void;
  onOpenFiles: (selection: ReportFileSelection) => void;
  /** The row menu's Run history (issue 31 §8). */
  onHistory: (row: LegacyReportRow) => void;
  onRowFocus: () => void;
}

const time = (iso: string) => formatReportTime(iso);

/** The report's columns (spec 000 §2) by key; the table picks and orders them. */
export function reportColumnDefs(c: ColumnContext): Record<ReportColumn, Column> {
  const { t } = c;
  const defs: Record<ReportColumn, Column> = {
    menu: {
      title: t('menu'),
      render: (_, row) => {
        const key = reportRowKey(row);
        return (
          <ReportRowMenu
            row={row}
            disabled={c.menuDisabled}
            open={c.openMenu === key}
            onOpenChange={(open) => c.setOpenMenu(open ? key : undefined)}
            actions={c.actions}
            onHistory={c.onHistory}
            onFocus={c.onRowFocus}
          />
        );
      },
    },
    index: { title: t('index'), align: 'right', render: (_, row) => c.positions.get(reportRowKey(row)) },
    company: {
      title: t('companyCode'),
      render: (_, row) => (
        <span className="legacy-report-text" title={row.companycode}>
          {row.companycode}
        </span>
      ),
    },
    identity: {
      title: (
        <span className="legacy-report-identity-title">
          <span>{t('legacyId')}</span>
          <span className="legacy-report-identity-subtitle">{t('legacyName')}</span>
        </span>
      ),
      className: 'legacy-report-identity-cell',
      render: (_, row) => {
        const key = reportRowKey(row);
        return (
          <ReportIdentityCell
            row={row}
            copied={c.copied === key}
            copyLabel={t(c.copied === key ? 'copiedId' : 'copyId', { legacyId: row.legacyid })}
            onCopy={() => c.onCopy(row)}
            onFocus={c.onRowFocus}
          />
        );
      },
    },
    status: { title: t('status'), render: (_, row) => <JobStateCell row={row} /> },
    steps: {
      title: <span title={t('stepsLegend')}>{t('steps')}</span>,
      className: 'legacy-report-steps-cell',
      render: (_, row) => <RunStepsCell row={row} decorate={(steps) => withButtons(row, steps, c)} />,
    },
    next: { title: t('nextFire'), className: 'legacy-report-time', render: (_, row) => time(row.next_fire) },
    start: {
      title: t('jobStart'),
      className: 'legacy-report-time',
      render: (_, row) => time(row.job_started_on),
    },
    finish: {
      title: t('jobFinished'),
      className: 'legacy-report-time',
      render: (_, row) => time(row.job_finished_on),
    },
    jobno: {
      title: t('jobInstanceNo'),
      render: (_, row) => (
        <span className="legacy-report-text" title={row.job_instanceno}>
          {row.job_instanceno}
        </span>
      ),
    },
    type: {
      title: t('legacyType'),
      render: (_, row) => (
        <span className="legacy-report-text" title={row.legacytype}>
          {row.legacytype}
        </span>
      ),
    },
    paths: {
      title: c.pathsTitle,
      render: (_, row) => (
        <ReportPathButtons
          row={row}
          disabled={c.menuDisabled}
          onOpen={c.onOpenFiles}
          onFocus={c.onRowFocus}
        />
      ),
    },
    message: {
      title: t('message'),
      render: (_, row) =>
        row.message ? (
          <PlainButton
            variant="text"
            className="legacy-report-message-button"
            icon={<MessageOutlined />}
            aria-label={t('messageTitle', { legacyId: row.legacyid })}
            onFocus={c.onRowFocus}
            onClick={() => c.onShowMessage(row)}
          >
            {/* Plain CSS ellipsis: Typography's measuring ellipsis costs too much per scrolled row. */}
            <span className="legacy-report-message" title={row.message}>
              {row.message}
            </span>
          </PlainButton>
        ) : (
          '-'
        ),
    },
  };
  for (const [key, column] of Object.entries(defs) as [ReportColumn, Column][]) {
    column.key = key;
    column.className = [column.className, `legacy-report-col-${key}`].filter(Boolean).join(' ');
    if (key !== 'message') column.width = c.widths[key];
    if (STICKY_COLUMNS.has(key)) column.fixed = 'start';
  }
  return defs;
}

/** A row's strip with the re-run button after a step in ERROR, step 4's files button and the e-mail's help. */
function withButtons(row: LegacyReportRow, steps: StepStatusItem[], c: ColumnContext) {
  steps.forEach((item, index) => {
    const step = index + 1;
    const rerun = canRerunStep(row, step) ? (
      <PlainButton
        danger
        className="legacy-report-rerun"
        icon={<ReloadOutlined />}
        title={c.t('rerunStep', { step })}
        aria-label={c.t('rerunStep', { step })}
        onFocus={c.onRowFocus}
        onClick={() => c.actions.rerunStep(row, step)}
      />
    ) : null;
    const files =
      step === 4 && stepStatus(row, 4) === 'ERROR' && row.job_instanceno ? (
        <Step4ErrorFilesButton row={row} onOpen={c.onOpenFiles} onFocus={c.onRowFocus} />
      ) : null;
    if (rerun || files)
      item.after = (
        <>
          {rerun}
          {files}
        </>
      );
  });
  const email = steps.at(-1);
  if (email) email.message = c.emailHelp(row.send_email_status.trim().toUpperCase() as EmailStatus);
}
