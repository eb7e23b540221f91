import type { ServerReachability } from '@lis/contracts';
import { CheckCircleOutlined, CloseCircleOutlined, MinusCircleOutlined } from '@ant-design/icons';
import { Flex, Tag, Tooltip } from 'antd';
import { useT } from '../../platform/i18n/I18nProvider';
import { tableTime } from '../table-dates';
import { reachabilityMessages } from './server-reachability.i18n';

interface Props {
  /** What the last checks found; undefined: the server has not been checked (yet). */
  reachability: ServerReachability | undefined;
  /** LIS_SERVER_CHECK_INTERVAL_SECONDS (0: the checks are off); undefined while not known. */
  intervalSeconds: number | undefined;
}

/**
 * "Reachable" or "Unreachable since …" (issue 35, decision 0049): the state the periodic connection
 * checks found, the last check, the failures in a row and the last error in its tooltip.
 */
export function ReachabilityTag({ reachability, intervalSeconds }: Props) {
  const t = useT(reachabilityMessages);
  const state = reachability?.state ?? 'UNKNOWN';
  const label =
    state === 'REACHABLE'
      ? t('reachable')
      : state === 'UNREACHABLE'
        ? t('unreachableSince', { since: tableTime(reachability?.since ?? '') })
        : intervalSeconds === 0
          ? t('checksOff')
          : t('notChecked');
  const details = [
    reachability && t('lastChecked', { at: tableTime(reachability.checked_at) }),
    reachability && reachability.failures > 0 && t('failures', { count: String(reachability.failures) }),
    reachability?.last_error &&
      reachability.failures > 0 &&
      t('lastError', { error: reachability.last_error }),
    intervalSeconds
      ? t('help', { minutes: String(Math.max(1, Math.round(intervalSeconds / 60))) })
      : undefined,
  ].filter((line): line is string => Boolean(line));
  const color = state === 'REACHABLE' ? 'green' : state === 'UNREACHABLE' ? 'red' : 'default';
  const icon =
    state === 'REACHABLE' ? (
      <CheckCircleOutlined />
    ) : state === 'UNREACHABLE' ? (
      <CloseCircleOutlined />
    ) : (
      <MinusCircleOutlined />
    );
  return (
    <Tooltip
      title={
        details.length > 0 ? (
          <Flex vertical gap={2}>
            {details.map((line) => (
              <span key={line}>{line}</span>
            ))}
          </Flex>
        ) : undefined
      }
    >
      <Tag
        color={color}
        icon={icon}
        style={{ marginInlineEnd: 0, whiteSpace: 'normal' }}
        data-testid="server-reachability"
        data-state={state}
      >
        {label}
      </Tag>
    </Tooltip>
  );
}
