export {
  DEFAULT_DMS_TIMEOUT_MS,
  DmsClient,
  WRONG_DMS_TOKEN,
  dmsFileSizeBytes,
  type DmsClientOptions,
  type DmsFileWithContent,
  type DmsPutFile,
} from './dms.client.js';
export * from './dms.schemas.js';
export { RemoteCallError, type RemoteCallErrorCode } from '../json-http/remote-call-error.js';
