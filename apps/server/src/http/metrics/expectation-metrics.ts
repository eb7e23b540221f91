import { EXPECTATION_STATES } from '@lis/contracts';
import { formatNumber, labelText } from './metrics-registry.js';

/**
 * `lis_expectations{state}` (issue 35): today's expecting jobs by the state of their day (LIS_TIMEZONE),
 * every state listed (0 when none), read from the database — the same on every node.
 */
export function expectationMetrics(today: ReadonlyMap<string, number>): string[] {
  return [
    "# HELP lis_expectations Today's file deadlines (job expectations) by state",
    '# TYPE lis_expectations gauge',
    ...EXPECTATION_STATES.map(
      (state) => `lis_expectations${labelText({ state })} ${formatNumber(today.get(state) ?? 0)}`,
    ),
  ];
}
