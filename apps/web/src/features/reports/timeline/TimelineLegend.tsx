import { theme } from 'antd';
import { useT } from '../../../platform/i18n/I18nProvider';
import { stateColor, timelineColors } from './timeline-colors';
import { LEGEND_STATES, stateKey } from './timeline-option';
import { timelineMessages } from './timeline.i18n';

const item = { display: 'inline-flex', alignItems: 'center', gap: 6 } as const;

/** What the chart's colours and marks mean, in the reader's language (the maintenance band when the day has one). */
export function TimelineLegend({
  maintenance = false,
  deadline = false,
}: {
  maintenance?: boolean;
  /** A lane has a file deadline that day (issue 35). */
  deadline?: boolean;
}) {
  const t = useT(timelineMessages);
  const { token } = theme.useToken();
  const colors = timelineColors(token);
  return (
    <div
      data-testid="day-timeline-legend"
      style={{
        display: 'flex',
        flexWrap: 'wrap',
        gap: '4px 16px',
        marginBottom: 8,
        fontSize: token.fontSizeSM,
      }}
    >
      {LEGEND_STATES.map((state) => (
        <span key={state} style={item}>
          <span
            style={{ width: 14, height: 10, borderRadius: 2, background: stateColor(colors, state) }}
            aria-hidden
          />
          {t(stateKey(state))}
        </span>
      ))}
      <span style={item}>
        <span style={{ width: 2, height: 14, background: colors.expected }} aria-hidden />
        {t('expectedFire')}
      </span>
      <span style={item}>
        <span
          style={{
            width: 10,
            height: 10,
            borderRadius: '50%',
            border: `2px solid ${colors.missing}`,
            background: colors.background,
          }}
          aria-hidden
        />
        {t('missingFire')}
      </span>
      <span style={item}>
        <span style={{ width: 0, height: 12, borderInlineStart: `1px dashed ${colors.now}` }} aria-hidden />
        {t('now')}
      </span>
      {deadline && (
        <span style={item} data-testid="day-timeline-legend-deadline">
          <span
            style={{ width: 9, height: 9, transform: 'rotate(45deg)', background: colors.secondaryText }}
            aria-hidden
          />
          {t('fileDeadline')}
        </span>
      )}
      {maintenance && (
        <span style={item} data-testid="day-timeline-legend-maintenance">
          <span
            style={{ width: 14, height: 12, background: colors.maintenance, opacity: 0.3, borderRadius: 2 }}
            aria-hidden
          />
          {t('maintenance')}
        </span>
      )}
    </div>
  );
}
