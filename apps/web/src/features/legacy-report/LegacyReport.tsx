import type { LegacyReportRow } from '@lis/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Flex, Typography } from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { ApiError } from '../../platform/api/http';
import { useCurrentUser } from '../../platform/auth/useCurrentUser';
import { useT } from '../../platform/i18n/I18nProvider';
import { PageContainer } from '../../ui/PageContainer';
import { useErrorDialog } from '../../ui/useErrorDialog';
import { useElementSize } from '../../ui/useElementSize';
import { filesMessages } from '../files';
import { ActionPasswordModal } from '../settings';
import { AutoRefreshBar } from '../monitoring';
import { ColumnChooser } from './ColumnChooser';
import { countStates, isInState, sortProblemsFirst, type CountedState } from '../monitoring';
import { JobStateCounts } from './JobStateCounts';
import { fetchLegacyReport, legacyReportKeys } from '../monitoring';
import { LegacyReportTable } from './LegacyReportTable';
import { MaintenanceBanner, MessageModal, useMaintenanceStatus } from '../monitoring';
import { monitoringMessages } from '../monitoring';
import { fittingColumns, type OptionalColumn } from './report-columns';
import { chooserLabel, reportColumnTitle } from './report-column-titles';
import {
  EMPTY_REPORT_FILTERS,
  filterReportRows,
  JOB_STATES,
  MANUAL_JOB_STATES,
  sortReportRows,
  type ReportFilters,
} from '../monitoring';
import { ReportFilterPanel } from './ReportFilterPanel';
import { reportColumnWidths } from './report-widths';
import { useAutoRefresh } from '../monitoring';
import { useColumnChoice } from './useColumnChoice';
import { useErrorsFirst } from './useErrorsFirst';
import { useReportActions } from '../monitoring';
import { useRunEvents } from '../monitoring';

/**
 * `monitoring`: /legacyreport. `manual`: /legacyreport-manual (spec 000 §2 "Legacy report - Manual"),
 * the same report under its own heading, auto refresh off at first and set below the filters, the
 * states in that screen's order and the filter check.
 */
export type LegacyReportVariant = 'monitoring' | 'manual';

/**
 * Legacy report (Monitoring), spec 000 §2: every job of the user's companies with its latest run,
 * filtered in the browser, refreshed on a timer and whenever the server says runs changed (DESIGN §7).
 */
export function LegacyReport({ variant = 'monitoring' }: { variant?: LegacyReportVariant }) {
  const manual = variant === 'manual';
  const t = useT(monitoringMessages);
  const { role, username } = useCurrentUser();
  const showErrorDialog = useErrorDialog();
  const queryClient = useQueryClient();
  const [filters, setFilters] = useState<ReportFilters>(EMPTY_REPORT_FILTERS);
  const [messageRow, setMessageRow] = useState<LegacyReportRow>();
  const [onlyState, setOnlyState] = useState<CountedState>();
  const [errorsFirst, setErrorsFirst] = useErrorsFirst(username);
  const [columnChoice, setColumnChoice] = useColumnChoice(`LIS_REPORT_COLUMNS_${variant}`);
  const box = useElementSize<HTMLDivElement>({ width: 1000, height: 1 });

  const query = useQuery({
    queryKey: legacyReportKeys.list(),
    queryFn: ({ signal }) => fetchLegacyReport(signal),
    retry: false,
  });
  const { data, error, refetch } = query;

  const showErrorRef = useRef(showErrorDialog);
  useEffect(() => {
    showErrorRef.current = showErrorDialog;
  });
  useEffect(() => {
    // 401: the shell already takes the user back to sign-in.
    if (error && !(error instanceof ApiError && error.status === 401)) showErrorRef.current(error);
  }, [error]);

  const reload = useCallback(() => void refetch(), [refetch]);
  // The maintenance banner (issue 34) is asked again at the report's own cadence: each tick and Refresh.
  const maintenance = useMaintenanceStatus();
  const { refresh: refreshMaintenance } = maintenance;
  const tick = useCallback(() => {
    reload();
    void refreshMaintenance();
  }, [reload, refreshMaintenance]);
  const autoRefresh = useAutoRefresh(tick, !manual);
  const { restart, running } = autoRefresh;

  /** Spec 000 §4: a reload by the user restarts the auto refresh. */
  const refresh = useCallback(() => {
    restart();
    tick();
  }, [restart, tick]);

  /** Spec 000 §4: after an action the list is cleared, then reloaded. */
  const reloadCleared = useCallback(async () => {
    await queryClient.resetQueries({ queryKey: legacyReportKeys.list() });
    restart();
  }, [queryClient, restart]);

  // Live updates follow the auto refresh: switched off or held, the list stays still.
  const runningRef = useRef(running);
  useEffect(() => {
    runningRef.current = running;
  });
  useRunEvents(
    useCallback(() => {
      if (runningRef.current) reload();
    }, [reload]),
  );

  const actions = useReportActions({ hold: autoRefresh.hold, reloadCleared });

  const allRows = useMemo(() => (query.isError ? [] : (data?.result_list ?? [])), [query.isError, data]);
  const filtered = useMemo(() => filterReportRows(allRows, filters), [allRows, filters]);
  const counts = useMemo(() => countStates(filtered), [filtered]);
  const rows = useMemo(() => {
    const narrowed = onlyState ? filtered.filter((row) => isInState(row, onlyState)) : filtered;
    return errorsFirst ? sortProblemsFirst(narrowed) : sortReportRows(narrowed);
  }, [filtered, onlyState, errorsFirst]);
  const tf = useT(filesMessages);
  const widths = useMemo(
    () => reportColumnWidths(allRows, (column) => reportColumnTitle(column, t, tf('pathButtons'))),
    [allRows, t, tf],
  );
  const shownColumns = columnChoice.auto
    ? fittingColumns(box.width, (column) => widths[column])
    : columnChoice.shown;
  const columnLabel = (column: OptionalColumn) => chooserLabel(column, t, tf('pathButtons'));

  const autoRefreshBar = (
    <AutoRefreshBar autoRefresh={autoRefresh} refreshing={query.isFetching} onRefresh={refresh} />
  );
  return (
    <PageContainer title={t(manual ? 'manualTitle' : 'title')} extra={manual ? undefined : autoRefreshBar}>
      <MaintenanceBanner active={maintenance.active} />
      <ReportFilterPanel
        onSearch={setFilters}
        states={manual ? MANUAL_JOB_STATES : JOB_STATES}
        withFilterCheck={manual}
      />
      {manual && (
        <Flex align="center" gap={8} wrap style={{ marginBottom: 8 }}>
          {autoRefreshBar}
        </Flex>
      )}
      <div ref={box.ref}>
        <Flex justify="space-between" align="center" gap={8} wrap style={{ marginBottom: 8 }}>
          <JobStateCounts
            counts={counts}
            active={onlyState}
            onActiveChange={setOnlyState}
            errorsFirst={errorsFirst}
            onErrorsFirstChange={setErrorsFirst}
          />
          <Flex align="center" gap={12}>
            <Typography.Text type="secondary">
              {t('total', { shown: rows.length, total: allRows.length })}
            </Typography.Text>
            <ColumnChooser
              choice={columnChoice}
              shown={shownColumns}
              labelOf={columnLabel}
              onChange={setColumnChoice}
            />
          </Flex>
        </Flex>
        <LegacyReportTable
          rows={rows}
          pending={query.isPending}
          menuDisabled={role === undefined}
          actions={actions}
          onShowMessage={setMessageRow}
          onRowFocus={autoRefresh.hold}
          shown={shownColumns}
          widths={widths}
          width={box.width}
        />
      </div>
      <MessageModal row={messageRow} onClose={() => setMessageRow(undefined)} />
      <ActionPasswordModal {...actions.password} />
    </PageContainer>
  );
}
