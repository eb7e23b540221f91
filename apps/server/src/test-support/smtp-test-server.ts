import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface SmtpTestServer {
  port: number;
  /** Every message received, parsed. */
  received: ParsedMail[];
  /** Envelope recipients of each message (to, cc and bcc). */
  envelopes: string[][];
  close(): Promise<void>;
}

/** A real SMTP server (smtp-server) on a loopback port, without TLS or authentication. */
export async function startSmtpTestServer(port = 0): Promise<SmtpTestServer> {
  const received: ParsedMail[] = [];
  const envelopes: string[][] = [];
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          received.push(mail);
          envelopes.push(session.envelope.rcptTo.map((rcpt) => rcpt.address));
          callback();
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
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
