import { Agent, buildConnector, fetch as undiciFetch, type RequestInit, type Response } from 'undici';
import { checkLiteral, outboundLookup } from '../../platform/outbound-policy.js';

const connectResolved = buildConnector({ lookup: outboundLookup });

/**
 * Every HTTP connection LIS opens to a peer (function server, DMS, the portal's JWKS) goes through
 * the outbound policy (issue 32): an IP literal is checked before the socket is made (a literal is
 * never looked up), a name is resolved by `outboundLookup`, which checks every address and hands the
 * socket those very addresses — the answer checked is the answer connected to. TLS still verifies the
 * certificate against the name in the URL.
 */
export const outboundDispatcher = new Agent({
  connect: (options, callback) => {
    try {
      checkLiteral(options.hostname);
    } catch (error) {
      callback(error as Error, null);
      return;
    }
    connectResolved(options, callback);
  },
});

/** `fetch` through {@link outboundDispatcher}. */
export function outboundFetch(input: string | URL, init: RequestInit = {}): Promise<Response> {
  return undiciFetch(input, { ...init, dispatcher: outboundDispatcher });
}
