import type { ECElementEvent, EChartsCoreOption, EChartsType } from 'echarts/core';
import { init } from 'echarts/core';
import { useEffect, useRef, type CSSProperties } from 'react';

export interface EChartProps {
  option: EChartsCoreOption;
  /** Height of the chart (px); the width follows the container. */
  height: number;
  /**
   * Components replaced whole by a new option (the others are merged, so that e.g. a zoom the reader
   * chose survives a refresh of the data); none given: every new option replaces the last.
   */
  replaceMerge?: string[];
  /** A click on a data item (a bar, a marker). */
  onItemClick?: (event: ECElementEvent) => void;
  /** The chart's width after each resize. */
  onWidth?: (width: number) => void;
  /** The reader zoomed or dragged the first data zoom: its values now. */
  onZoom?: (startValue: number, endValue: number) => void;
  style?: CSSProperties;
  'aria-label'?: string;
  'data-testid'?: string;
}

/**
 * A small React wrapper of an ECharts instance (the modules it draws with must be registered with
 * `use` by the caller): created on mount with the SVG renderer (crisp, and every shape a DOM element),
 * given each new option whole, resized with its container, disposed on unmount.
 */
export function EChart({
  option,
  height,
  replaceMerge,
  onItemClick,
  onWidth,
  onZoom,
  style,
  ...rest
}: EChartProps) {
  const container = useRef<HTMLDivElement>(null);
  const chart = useRef<EChartsType | null>(null);
  const handlers = useRef({ onItemClick, onWidth, onZoom });
  useEffect(() => {
    handlers.current = { onItemClick, onWidth, onZoom };
  });

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const instance = init(element, undefined, { renderer: 'svg' });
    chart.current = instance;
    instance.on('click', (event) => handlers.current.onItemClick?.(event as ECElementEvent));
    instance.on('datazoom', () => {
      const zoom = (instance.getOption() as { dataZoom?: { startValue?: unknown; endValue?: unknown }[] })
        .dataZoom?.[0];
      if (typeof zoom?.startValue === 'number' && typeof zoom.endValue === 'number')
        handlers.current.onZoom?.(zoom.startValue, zoom.endValue);
    });
    const observer = new ResizeObserver(() => {
      instance.resize();
      handlers.current.onWidth?.(element.clientWidth);
    });
    observer.observe(element);
    handlers.current.onWidth?.(element.clientWidth);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);

  const replaced = replaceMerge?.join(',');
  useEffect(() => {
    chart.current?.setOption(
      option,
      replaced === undefined ? { notMerge: true } : { replaceMerge: replaced.split(',') },
    );
  }, [option, replaced]);

  useEffect(() => {
    chart.current?.resize();
  }, [height]);

  return <div ref={container} role="img" style={{ width: '100%', height, ...style }} {...rest} />;
}
