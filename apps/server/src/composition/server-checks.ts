import type { PeerClients } from '../adapters/peer-clients.js';
import type { ServerCheckConfig } from '../config/config.js';
import type { Db } from '../db/database.js';
import type { AlertResolver, AlertSink } from '../engine/alerts/alert-sink.js';
import type { SchedulerTimer } from '../engine/scheduler/scheduler-timer.js';
import type { CheckPassOutcome } from '../engine/server-checks/server-check-pass.js';
import { ServerChecker } from '../engine/server-checks/server-checker.js';
import { SecretBox } from '../modules/secrets/secret-box.js';
import { ConnectionTestService } from '../modules/server-config/connection-test.service.js';
import { ServerCheckProbe } from '../modules/server-config/server-check-probe.js';
import { peerClients } from './peer-clients.js';
import { createRepositories, type Repositories } from './repositories.js';

export interface ServerCheckerSetup {
  db: Db;
  masterKey: Buffer;
  nodeId: string;
  timeZone: string;
  settings: ServerCheckConfig;
  alerts?: (AlertSink & AlertResolver) | undefined;
  failed(error: unknown): void;
  passed?(outcome: CheckPassOutcome): void;
  /** Tests: the first look and the looks between passes (default 30 s each). */
  firstDelayMs?: number;
  lookEveryMs?: number;
  timer?: SchedulerTimer;
  peers?: Pick<PeerClients, 'ssh' | 'functionServer'>;
  repositories?: Pick<Repositories, 'serverConfigs'>;
}

/**
 * The connection checks of a worker node (issue 35, decision 0049): the stored servers opened with
 * the master key and checked through the Test button's code (modules/server-config), the pass and its
 * lease in engine/server-checks, SERVER_UNREACHABLE raised and resolved through the AlertSink.
 */
export function createServerChecker(setup: ServerCheckerSetup): ServerChecker {
  const { serverConfigs } = setup.repositories ?? createRepositories(setup.db);
  const peers = setup.peers ?? peerClients;
  const tests = new ConnectionTestService(serverConfigs, new SecretBox(setup.masterKey), peers);
  return new ServerChecker(
    {
      db: setup.db,
      probe: new ServerCheckProbe(serverConfigs, tests, peers),
      nodeId: setup.nodeId,
      timeZone: setup.timeZone,
      alerts: setup.alerts,
      timeoutMs: setup.settings.timeoutMs,
      failureThreshold: setup.settings.failureThreshold,
      failed: setup.failed,
      ...(setup.passed ? { passed: setup.passed } : {}),
      ...(setup.timer ? { timer: setup.timer } : {}),
    },
    {
      intervalMs: setup.settings.intervalMs,
      ...(setup.firstDelayMs === undefined ? {} : { firstDelayMs: setup.firstDelayMs }),
      ...(setup.lookEveryMs === undefined ? {} : { lookEveryMs: setup.lookEveryMs }),
    },
  );
}
