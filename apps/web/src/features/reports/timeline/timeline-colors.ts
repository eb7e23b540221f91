import type { GlobalToken } from 'antd';

/** What the chart paints with, taken from Ant Design's theme so it matches the console. */
export interface TimelineColors {
  /** A run's bar by state (the hues of RunStatusTag): FINISHED green, ERROR red, … */
  state: Record<string, string>;
  /** Any other state. */
  other: string;
  missing: string;
  /** The ticks at the fires the triggers were due to make. */
  expected: string;
  /** The bands of maintenance windows (issue 34). */
  maintenance: string;
  now: string;
  text: string;
  secondaryText: string;
  split: string;
  laneShade: string;
  /** The part of the day the zoom slider keeps. */
  zoomFill: string;
  background: string;
  fontFamily: string;
  fontSize: number;
}

/** The tag colour names of RunStatusTag, as the theme's colours. */
export function timelineColors(token: GlobalToken): TimelineColors {
  const grey = token.colorTextQuaternary;
  return {
    state: {
      FINISHED: token.green,
      SUCCESS: token.green,
      WARNING: token.orange,
      ERROR: token.red,
      RUNNING: token.blue,
      WAITING: token.gold,
      QUEUED: grey,
      SKIPPED: grey,
      STOPPED: token.purple,
    },
    other: grey,
    missing: token.red,
    expected: token.colorTextTertiary,
    maintenance: token.purple,
    now: token.colorPrimary,
    text: token.colorText,
    secondaryText: token.colorTextSecondary,
    split: token.colorBorderSecondary,
    laneShade: token.colorFillQuaternary,
    zoomFill: token.colorPrimaryBg,
    background: token.colorBgContainer,
    fontFamily: token.fontFamily,
    fontSize: token.fontSizeSM,
  };
}

export const stateColor = (colors: TimelineColors, state: string) => colors.state[state] ?? colors.other;
