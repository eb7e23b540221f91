export {
  DEFAULT_CALL_TIMEOUT_MS,
  DEFAULT_INFO_TIMEOUT_MS,
  FunctionServerClient,
  WRONG_API_CREDENTIALS,
  type FunctionServerClientOptions,
} from './function-server.client.js';
export * from './function-server.schemas.js';
export { callIdempotencyKey, type CallIdentity } from './function-server.idempotency.js';
export { RemoteCallError, type RemoteCallErrorCode } from '../json-http/remote-call-error.js';
export { callBody, type CallHead, type CallInputFile } from './function-call-body.js';
export { readFunctionAnswer, type ReadAnswer } from './function-answer-reader.js';
