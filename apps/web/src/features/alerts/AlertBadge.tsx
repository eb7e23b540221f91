import { BellOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Badge, Tooltip } from 'antd';
import { Link } from 'react-router';
import { ApiError } from '../../platform/api/http';
import { useT } from '../../platform/i18n/I18nProvider';
import { alertKeys, fetchAlertSummary } from './alerts-api';
import { alertsMessages } from './alerts.i18n';
import { ALERTS_REFRESH_MS } from './useAlertList';

/** A server without the alerts' routes answers 404: asked no more, and nothing is shown. */
const missingRoute = (error: unknown) => error instanceof ApiError && error.status === 404;

/**
 * The header's bell (issue 35): the open alerts of the user's companies, asked every 30 s like the
 * other live data, linking to /alerts. Silent when the count cannot be had (the route is missing, the
 * server is away): the header shows nothing rather than an error.
 */
export function AlertBadge() {
  const t = useT(alertsMessages);
  const summary = useQuery({
    queryKey: alertKeys.summary(),
    queryFn: ({ signal }) => fetchAlertSummary(signal),
    refetchInterval: (query) => (missingRoute(query.state.error) ? false : ALERTS_REFRESH_MS),
    retry: false,
  });
  if (!summary.data) return null;
  const open = summary.data.open;
  const label = open > 0 ? t('badge', { count: open }) : t('badgeNone');
  return (
    <Tooltip title={label}>
      <Link
        to="/alerts"
        aria-label={label}
        data-testid="alert-badge"
        style={{ display: 'inline-flex', alignItems: 'center', padding: 4, color: 'inherit' }}
      >
        <Badge count={open} size="small" overflowCount={99}>
          <BellOutlined style={{ fontSize: 18 }} aria-hidden />
        </Badge>
      </Link>
    </Tooltip>
  );
}
