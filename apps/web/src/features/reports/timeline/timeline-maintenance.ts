import { ALL_COMPANIES_MAINTENANCE, type MaintenancePeriod } from '@lis/contracts';
import type { ScatterSeriesOption } from 'echarts/charts';
import type { TimelineColors } from './timeline-colors';
import type { ZoneClock } from './timeline-time';
import type { TimelineMessageKey } from './timeline.i18n';

type Translate = (key: TimelineMessageKey, values?: Record<string, string | number>) => string;

/** A maintenance window's stretch on the day's axis (ms since the day's start, clipped to the day). */
export interface TimelineMaintenance {
  period: MaintenancePeriod;
  from: number;
  to: number;
  /** "Maintenance: NAME" (with the company when the lanes are of several). */
  label: string;
}

/** The series that carries the shaded bands: no points of its own, only its markArea. */
export const MAINTENANCE_SERIES_ID = 'maintenance';

/** The day's maintenance stretches (issue 34), those that touch the day, clipped to it. */
export function maintenanceBands(
  periods: readonly MaintenancePeriod[],
  dayStart: number,
  dayLength: number,
  severalCompanies: boolean,
  t: Translate,
): TimelineMaintenance[] {
  return periods.flatMap((period) => {
    const from = Math.max(0, Date.parse(period.from) - dayStart);
    const to = Math.min(dayLength, Date.parse(period.to) - dayStart);
    if (!(to > from)) return [];
    const name =
      severalCompanies && period.company_code !== ALL_COMPANIES_MAINTENANCE
        ? `${period.company_code} · ${period.name}`
        : period.name;
    return [{ period, from, to, label: t('maintenanceOf', { name }) }];
  });
}

/** The tooltip of a band: its name, and its whole stretch (not only the part on this day). */
export function maintenanceTooltip(band: TimelineMaintenance, t: Translate, clock: ZoneClock): string {
  const at = (iso: string) => {
    const instant = Date.parse(iso);
    return `${clock.date(instant)} ${clock.hourMinute(instant)}`;
  };
  const company =
    band.period.company_code === ALL_COMPANIES_MAINTENANCE ? t('allCompanies') : band.period.company_code;
  const escape = (text: string) =>
    text.replace(
      /[&<>"']/g,
      (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
    );
  return (
    `<div style="font-weight:600">${escape(band.label)}</div>` +
    `<div>${escape(t('maintenanceSpan', { from: at(band.period.from), to: at(band.period.to), company }))}</div>`
  );
}

/** Shaded bands across every lane, labelled at the top, under the runs (a markArea on a series of its own). */
export function maintenanceSeries(
  bands: readonly TimelineMaintenance[],
  colors: TimelineColors,
): ScatterSeriesOption {
  return {
    id: MAINTENANCE_SERIES_ID,
    type: 'scatter',
    data: [],
    z: 0,
    markArea: {
      itemStyle: { color: colors.maintenance, opacity: 0.14 },
      label: {
        show: true,
        position: 'insideTopLeft',
        color: colors.maintenance,
        fontFamily: colors.fontFamily,
        fontSize: colors.fontSize,
        overflow: 'truncate',
      },
      emphasis: { itemStyle: { opacity: 0.22 } },
      data: bands.map((band) => [{ name: band.label, xAxis: band.from }, { xAxis: band.to }]),
    },
  };
}
