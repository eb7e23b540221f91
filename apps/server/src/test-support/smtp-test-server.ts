import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { deliberateDelay } from './deliberate-delay.js';

export interface SmtpTestServer {
  port: number;
  /** Every message received, parsed. */
  received: ParsedMail[];
  /** Envelope recipients of each message (to, cc and bcc). */
  envelopes: string[][];
  /** Final replies (to the end of DATA) written so far, accepted or not. */
  finalReplies: number;
  close(): Promise<void>;
}

export interface SmtpTestServerOptions {
  /** Holds the final reply to the end of DATA back this long after the message arrived (a slow relay). */
  finalReplyDelayMs?: number;
  /** Recipients refused at RCPT TO with `550 5.1.1`. */
  refuseRecipients?: readonly string[];
}

/**
 * A real SMTP server (smtp-server) on a loopback port, without TLS or authentication. A message counts
 * as received as soon as its data arrived, before the final reply (as at a relay that has taken it).
 */
export async function startSmtpTestServer(
  port = 0,
  options: SmtpTestServerOptions = {},
): Promise<SmtpTestServer> {
  const received: ParsedMail[] = [];
  const envelopes: string[][] = [];
  const state = { finalReplies: 0 };
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (options.refuseRecipients?.includes(address.address)) {
        const error = Object.assign(new Error('5.1.1 no such user'), { responseCode: 550 });
        callback(error);
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          received.push(mail);
          envelopes.push(session.envelope.rcptTo.map((rcpt) => rcpt.address));
          const reply = () => {
            state.finalReplies += 1;
            callback();
          };
          // A slow relay: the delay a test of the DATA-end limit is about.
          if (options.finalReplyDelayMs) void deliberateDelay(options.finalReplyDelayMs).then(reply);
          else reply();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return {
    port: (server.server.address() as AddressInfo).port,
    received,
    envelopes,
    get finalReplies() {
      return state.finalReplies;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
