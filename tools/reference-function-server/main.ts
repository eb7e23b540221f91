/**
 * Runs the reference function server standalone:
 *   REF_FUNCTION_USERNAME=demo REF_FUNCTION_PASSWORD=… [REF_FUNCTION_PORT=8081] npx tsx --conditions=source tools/reference-function-server/main.ts
 */
import { createReferenceFunctionServer } from './reference-function-server.js';

const username = process.env.REF_FUNCTION_USERNAME;
const password = process.env.REF_FUNCTION_PASSWORD;
if (!username || !password) {
  console.error(
    'Set REF_FUNCTION_USERNAME and REF_FUNCTION_PASSWORD (the Basic credentials the server accepts).',
  );
  process.exit(2);
}
const port = Number(process.env.REF_FUNCTION_PORT ?? '0');
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error('REF_FUNCTION_PORT must be a port number (0 picks a free one).');
  process.exit(2);
}
const slowSeconds = process.env.REF_FUNCTION_SLOW_SECONDS
  ? Number(process.env.REF_FUNCTION_SLOW_SECONDS)
  : undefined;

const server = await createReferenceFunctionServer({
  username,
  password,
  port,
  slowSeconds,
  clientUUID: process.env.REF_FUNCTION_CLIENT_UUID || undefined,
  dmsBucket: process.env.REF_FUNCTION_DMS_BUCKET || undefined,
});
console.log(`reference function server: api_url_callfunction = ${server.url}`);

const stop = () => {
  void server.close().then(() => process.exit(0));
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
