/**
 * Runs the reference DMS server standalone:
 *   REF_DMS_TOKEN=… [REF_DMS_PORT=8082] [REF_DMS_STORAGE_DIR=./data/reference-dms] npx tsx --conditions=source tools/reference-dms-server/main.ts
 */
import { createReferenceDmsServer } from './reference-dms-server.js';

const token = process.env.REF_DMS_TOKEN;
if (!token) {
  console.error('Set REF_DMS_TOKEN (the Bearer token the server accepts).');
  process.exit(2);
}
const port = Number(process.env.REF_DMS_PORT ?? '0');
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error('REF_DMS_PORT must be a port number (0 picks a free one).');
  process.exit(2);
}

const server = await createReferenceDmsServer({
  token,
  port,
  storageDir: process.env.REF_DMS_STORAGE_DIR || undefined,
});
console.log(`reference DMS server: dms_url = ${server.url}`);

const stop = () => {
  void server.close().then(() => process.exit(0));
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
