import { useQuery } from '@tanstack/react-query';
import { Alert, Flex, Typography } from 'antd';
import { useEffect, useMemo } from 'react';
import { useLocation } from 'react-router';
import { useT } from '../../platform/i18n/I18nProvider';
import { LanguageSwitch } from '../../platform/i18n/LanguageSwitch';
import { clockDate, clockTime } from '../../ui/table-dates';
import { useErrorText } from '../../ui/useErrorDialog';
import { fetchLegacyReport } from '../monitoring';
import { sortProblemsFirst } from '../monitoring';
import { useRunEvents } from '../monitoring';
import { useClock } from './useClock';
import { wallCompanies, wallSummary, type WallSummary } from './wall-summary';
import { wallMonitorMessages } from './wall-monitor.i18n';
import { WallMonitorTable } from './WallMonitorTable';
import './wall-monitor.css';

/** The wall refreshes on this timer whatever happens, and at once when the server says runs changed. */
export const WALL_REFRESH_MS = 30_000;

const TILES: { key: keyof WallSummary; tone: string }[] = [
  { key: 'jobs', tone: 'jobs' },
  { key: 'running', tone: 'running' },
  { key: 'error', tone: 'error' },
  { key: 'warning', tone: 'warning' },
  { key: 'suspended', tone: 'suspended' },
  { key: 'finishedToday', tone: 'finished' },
];

/**
 * /monitor (DESIGN §7): the monitoring report as a full-screen wall display — no menus and no row
 * actions, large type, a clock and the counts on top, always refreshing (timer and server-sent events).
 * `?company_code=` (repeatable) narrows it to some of the user's companies.
 */
export function WallMonitor() {
  const t = useT(wallMonitorMessages);
  const errorText = useErrorText();
  const now = useClock();
  const { search } = useLocation();
  const companies = useMemo(() => wallCompanies(search), [search]);

  const query = useQuery({
    queryKey: ['wall-monitor', companies],
    queryFn: ({ signal }) => fetchLegacyReport(signal, companies),
    refetchInterval: WALL_REFRESH_MS,
    refetchIntervalInBackground: true,
    retry: false,
  });
  const { refetch } = query;
  useRunEvents(() => void refetch());

  useEffect(() => {
    document.title = `${t('title')} · LIS`;
  }, [t]);

  // The last good list stays up when a refresh fails; the failure shows above it. Jobs in ERROR,
  // suspended, WARNING and RUNNING come first (issue 17: a failed job must not sink below the fold).
  const rows = useMemo(() => sortProblemsFirst(query.data?.result_list ?? []), [query.data]);
  const summary = wallSummary(rows, now);

  return (
    <main className="wall-monitor">
      <Flex align="center" justify="space-between" gap={24} wrap>
        <Flex vertical>
          <Typography.Title level={2} style={{ margin: 0 }}>
            {t('title')}
          </Typography.Title>
          <Typography.Text type="secondary">
            {companies.length > 0 ? t('companies', { codes: companies.join(', ') }) : t('allCompanies')}
            {' · '}
            {t('live', { seconds: WALL_REFRESH_MS / 1000 })}
            {' · '}
            {t('problemsFirst')}
            {query.dataUpdatedAt > 0 && ` · ${t('updated', { time: clockTime(query.dataUpdatedAt) })}`}
          </Typography.Text>
        </Flex>
        <Flex align="center" gap={24}>
          <Flex vertical align="flex-end">
            <time className="wall-monitor-clock" dateTime={now.toISOString()}>
              {clockTime(now)}
            </time>
            <Typography.Text type="secondary">{clockDate(now)}</Typography.Text>
          </Flex>
          <LanguageSwitch />
        </Flex>
      </Flex>
      <Flex gap={12} wrap role="list" aria-label={t('title')}>
        {TILES.map(({ key, tone }) => (
          <div key={key} role="listitem" className={`wall-monitor-tile wall-monitor-tile-${tone}`}>
            <Typography.Text type="secondary">{t(key)}</Typography.Text>
            <div className="wall-monitor-tile-count" data-testid={`wall-count-${key}`}>
              {summary[key]}
            </div>
          </div>
        ))}
      </Flex>
      {query.isError && (
        <Alert type="error" showIcon message={t('loadFailed', { reason: errorText(query.error) })} />
      )}
      <WallMonitorTable rows={rows} pending={query.isPending} />
    </main>
  );
}
