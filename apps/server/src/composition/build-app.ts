import { inProcessSignal } from '../engine/scheduler/scheduler-signal.js';
import { createHttpApp, type BuildAppOptions, type BuiltApp } from '../http/app.js';
import { systemClock } from '../platform/clock.js';
import { createServices } from './services.js';

export type { BuildAppOptions, BuiltApp } from '../http/app.js';

/** The HTTP application over the product's services, built once here (the composition root). */
export async function buildApp(options: BuildAppOptions): Promise<BuiltApp> {
  const clock = options.clock ?? systemClock;
  // Wakes the scheduler after job control; in-process events unless the caller shares a signal.
  const signal = options.signal ?? inProcessSignal();
  const services = createServices({
    db: options.db,
    config: options.config,
    masterKey: options.masterKey,
    clock,
    signal,
  });
  return createHttpApp({ ...options, clock, signal, services });
}
