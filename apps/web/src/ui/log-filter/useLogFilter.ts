import { useMemo, useState } from 'react';
import {
  EMPTY_LOG_FILTER,
  filterLogLines,
  logLevels,
  type LogFilter,
  type LogLineReader,
} from './log-filter';

/** A log screen's filter over its loaded lines: the state, the kept lines and the loaded levels. */
export interface LogSearch<Row> {
  filter: LogFilter;
  setFilter: (filter: LogFilter) => void;
  shown: Row[];
  levels: string[];
}

export function useLogFilter<Row>(rows: readonly Row[], reader: LogLineReader<Row>): LogSearch<Row> {
  const [filter, setFilter] = useState<LogFilter>(EMPTY_LOG_FILTER);
  const shown = useMemo(() => filterLogLines(rows, filter, reader), [rows, filter, reader]);
  const levels = useMemo(() => logLevels(rows, reader.level), [rows, reader]);
  return { filter, setFilter, shown, levels };
}
