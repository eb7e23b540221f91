import { SERVER_CHECK_KINDS, SERVER_REACHABILITY_STATES } from '@lis/contracts';
import { formatNumber, labelText } from './metrics-registry.js';

/**
 * `lis_servers{kind,state}` (issue 35, decision 0049): the checked function (api) and sFTP servers by
 * their connection check's state — counts, not one series per server, so the series stay six however
 * many servers the companies configure (which one is down: the config screens, the alert). Every
 * kind and state is listed, 0 included; read from the database — the same on every node.
 */
export function serverReachabilityMetrics(
  counts: readonly { kind: string; state: string; n: number }[],
): string[] {
  const of = (kind: string, state: string) =>
    counts.find((row) => row.kind === kind && row.state === state)?.n ?? 0;
  return [
    '# HELP lis_servers Function (api) and sFTP servers by the state of their connection check',
    '# TYPE lis_servers gauge',
    ...SERVER_CHECK_KINDS.flatMap((kind) =>
      SERVER_REACHABILITY_STATES.map(
        (state) =>
          `lis_servers${labelText({ kind, state: state.toLowerCase() })} ${formatNumber(of(kind, state))}`,
      ),
    ),
  ];
}
