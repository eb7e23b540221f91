export { Worker } from './worker.js';
export type { WorkerOptions } from './worker-options.js';
export type {
  ClaimedRun,
  JobHandler,
  JobHandlerContext,
  RunOutcome,
  RunOutcomeStatus,
} from './job-handler.js';
export { createNodeId, NodeRegistry } from './node-registry.js';
export { recoverExpiredRuns } from './run-recovery.js';
