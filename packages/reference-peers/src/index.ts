export {
  createReferenceFunctionServer,
  REFERENCE_FUNCTION_SERVER_VERSION,
  type ReferenceFunctionServer,
  type ReferenceFunctionServerOptions,
} from './reference-function-server.js';
export {
  createReferenceDmsServer,
  type ReferenceDmsServer,
  type ReferenceDmsServerOptions,
} from './reference-dms-server.js';
export { demoFunctions, type DemoFunctionOptions } from './demo-functions.js';
export {
  DEFAULT_IDEMPOTENCY_TTL_MS,
  type IdempotencyOptions,
  type IdempotencyRecord,
} from './idempotency-store.js';
export type { ReferenceFunction } from './function-contract.js';
