import { Agent, buildConnector, fetch as undiciFetch, type RequestInit, type Response } from 'undici';
import {
  checkLiteral,
  outboundLookup,
  outboundPolicy,
  type OutboundPolicy,
} from '../../platform/outbound-policy.js';

const connectResolved = buildConnector({ lookup: outboundLookup });

/**
 * Every HTTP connection LIS opens to a peer (function server, DMS, the portal's JWKS) goes through
 * the outbound policy (issue 32): an IP literal is checked before the socket is made (a literal is
 * never looked up), a name is resolved by `outboundLookup`, which checks every address and hands the
 * socket those very addresses — the answer checked is the answer connected to. TLS still verifies the
 * certificate against the name in the URL.
 */
function policyAgent(): Agent {
  return new Agent({
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
}

let dispatcher = policyAgent();
let dispatcherPolicy: OutboundPolicy = outboundPolicy();

/**
 * The agent of the policy in force. A kept-alive connection is checked only when it is made, so a new
 * policy (a test's, or a future reload) gets a new agent, and the old one's connections are closed.
 */
export function outboundDispatcher(): Agent {
  const policy = outboundPolicy();
  if (policy !== dispatcherPolicy) {
    const old = dispatcher;
    dispatcher = policyAgent();
    dispatcherPolicy = policy;
    old.close().catch(() => undefined);
  }
  return dispatcher;
}

/** `fetch` through {@link outboundDispatcher}. */
export function outboundFetch(input: string | URL, init: RequestInit = {}): Promise<Response> {
  return undiciFetch(input, { ...init, dispatcher: outboundDispatcher() });
}
