import { Badge, Flex, Tooltip, Typography } from 'antd';
import { useT } from '../../platform/i18n/I18nProvider';
import { formatLatency, latencyColor } from './latency';
import { layoutMessages } from './layout-messages';
import { useLatency } from './useLatency';

/** The header's network latency (spec 000 §9): coloured dot and the round trip with two decimals. */
export function LatencyIndicator() {
  const latency = useLatency();
  const t = useT(layoutMessages);
  const text = latency === null ? '…' : formatLatency(latency);
  const tooltip =
    latency === null ? t('latencyWaiting') : latency < 0 ? t('latencyFailed') : t('latency', { ms: text });
  return (
    <Tooltip title={tooltip}>
      <Flex
        align="center"
        gap={6}
        data-testid="latency-indicator"
        aria-label={tooltip}
        style={{ whiteSpace: 'nowrap' }}
      >
        <Badge color={latency === null ? '#bfbfbf' : latencyColor(latency)} />
        <Typography.Text style={{ fontVariantNumeric: 'tabular-nums', fontSize: 13 }}>
          {text} ms
        </Typography.Text>
      </Flex>
    </Tooltip>
  );
}
