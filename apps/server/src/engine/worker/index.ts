export { Worker } from './worker.js';
export type { WorkerOptions } from './worker-options.js';
export type { JobHandler, JobHandlerContext } from './job-handler.js';
export { createNodeId } from './node-registry.js';
export { NodeRegistry } from './node-registry.repository.js';
export { recoverExpiredRuns } from './run-recovery.js';
