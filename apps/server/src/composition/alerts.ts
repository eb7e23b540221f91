import type { Config } from '../config/config.js';
import type { Db } from '../db/database.js';
import { databaseAlertClock, type AlertClock } from '../modules/alerts/alert-clock.js';
import { AlertDeliverer } from '../modules/alerts/alert-deliverer.js';
import type { PayloadSettings } from '../modules/alerts/alert-payloads.js';
import { AlertRecorder } from '../modules/alerts/alert-recorder.js';
import { SecretBox } from '../modules/secrets/secret-box.js';
import { createRepositories, type Repositories } from './repositories.js';

/** Where alert links point and in which zone their times are shown (LIS_PUBLIC_URL, LIS_BASE_PATH, LIS_TIMEZONE). */
export function alertPayloadSettings(
  config: Pick<Config, 'timeZone' | 'basePath'> & Partial<Pick<Config, 'publicUrl'>>,
): PayloadSettings {
  return { timeZone: config.timeZone, basePath: config.basePath, publicUrl: config.publicUrl };
}

/**
 * The AlertSink the engine raises through (issue 35): the scheduler's misfires, the worker's run ends,
 * the pipeline's suspensions — each in the transaction that writes the state. `onError`: an alert that
 * could not be recorded (its writes undone; the raiser's state change commits).
 */
export function createAlertSink(
  db: Db,
  onError: (error: unknown) => void,
  clock?: AlertClock,
  repositories: Pick<Repositories, 'alertConfigs' | 'alerts'> = createRepositories(db),
): AlertRecorder {
  return new AlertRecorder({
    config: repositories.alertConfigs,
    alerts: repositories.alerts,
    clock: clock ?? databaseAlertClock(db.dialect),
    onError,
  });
}

export interface AlertDelivererSetup {
  config: Pick<Config, 'timeZone' | 'basePath' | 'smtp'> & Partial<Pick<Config, 'publicUrl'>>;
  db: Db;
  masterKey: Buffer;
  nodeId: string;
  onError(error: unknown): void;
  clock?: AlertClock;
  leaseMs?: number;
  random?: () => number;
  repositories?: Pick<Repositories, 'alertConfigs' | 'alerts' | 'alertDeliveries'>;
}

/** The delivery loop of a worker node (alert-deliverer.ts): it opens the channels' sealed URLs and secrets. */
export function createAlertDeliverer(setup: AlertDelivererSetup): AlertDeliverer {
  const { db } = setup;
  const repositories = setup.repositories ?? createRepositories(db);
  return new AlertDeliverer({
    db,
    deliveries: repositories.alertDeliveries,
    config: repositories.alertConfigs,
    alerts: repositories.alerts,
    box: new SecretBox(setup.masterKey),
    clock: setup.clock ?? databaseAlertClock(db.dialect),
    nodeId: setup.nodeId,
    settings: alertPayloadSettings(setup.config),
    smtpConfigured: setup.config.smtp !== undefined,
    onError: setup.onError,
    ...(setup.leaseMs ? { leaseMs: setup.leaseMs } : {}),
    ...(setup.random ? { random: setup.random } : {}),
  });
}
