import type { DayTimelineResponse } from '@lis/contracts';
import { theme } from 'antd';
import { CustomChart, ScatterChart } from 'echarts/charts';
import {
  DataZoomInsideComponent,
  DataZoomSliderComponent,
  GridComponent,
  MarkAreaComponent,
  MarkLineComponent,
  TooltipComponent,
} from 'echarts/components';
import { use as registerEChartsModules, type ECElementEvent } from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { useT } from '../../../platform/i18n/I18nProvider';
import { appUrl } from '../../../platform/base-path';
import { EChart } from './EChart';
import { timelineColors } from './timeline-colors';
import { PLOT_MARGIN, timelineModel } from './timeline-option';
import { timelineMessages } from './timeline.i18n';
import type { TimelineWindow } from './timeline-zoom';

registerEChartsModules([
  CustomChart,
  ScatterChart,
  GridComponent,
  TooltipComponent,
  MarkLineComponent,
  MarkAreaComponent,
  DataZoomSliderComponent,
  DataZoomInsideComponent,
  SVGRenderer,
]);

/** A new day's data replaces the series; the zoom is the reader's (`view`), given with each option. */
const REPLACED = ['series'];

/** Monitor Detail of a run (spec 000 §2), the address the lists link to. */
export function monitorDetailOf(run: {
  companycode: string;
  legacyid: string;
  legacytype: string;
  job: string;
}) {
  const query = new URLSearchParams({
    company_code: run.companycode,
    legacy_id: run.legacyid,
    job_no: run.job,
    legacytype: run.legacytype,
  });
  return `legacydetail?${query.toString()}`;
}

/**
 * The day timeline drawn by ECharts (loaded only with this module, apart from the console's main
 * bundle). A click on a run opens its Monitor Detail here; with Ctrl, ⌘ or the middle button, in a new tab.
 * `view` is the part of the day drawn; a zoom or drag on the chart gives the new one to `onView`.
 */
export default function DayTimelineChart({
  data,
  label,
  view,
  onView,
}: {
  data: DayTimelineResponse;
  label: string;
  view: TimelineWindow;
  onView: (view: TimelineWindow) => void;
}) {
  const t = useT(timelineMessages);
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const [width, setWidth] = useState(0);
  const colors = useMemo(() => timelineColors(token), [token]);
  const model = useMemo(
    () => timelineModel(data, t, colors, Math.max(0, width - PLOT_MARGIN), view),
    [data, t, colors, width, view],
  );

  const open = (event: ECElementEvent) => {
    if (event.seriesId !== 'runs') return;
    const bar = model.bars[event.dataIndex];
    if (!bar) return;
    const path = monitorDetailOf({ ...bar.lane, job: bar.run.job_instance_no });
    const native = event.event?.event as MouseEvent | undefined;
    if (native && (native.ctrlKey || native.metaKey || native.button === 1))
      window.open(appUrl(path), '_blank', 'noopener');
    else void navigate(`/${path}`);
  };

  return (
    <EChart
      data-testid="day-timeline-chart"
      aria-label={label}
      option={model.option}
      replaceMerge={REPLACED}
      height={model.height}
      onItemClick={open}
      onZoom={(start, end) => {
        if (Math.round(start) !== Math.round(view.start) || Math.round(end) !== Math.round(view.end))
          onView({ start: Math.round(start), end: Math.round(end) });
      }}
      onWidth={(next) => setWidth((current) => (Math.abs(current - next) < 50 ? current : next))}
    />
  );
}
