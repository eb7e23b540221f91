import { Readable } from 'node:stream';
import MailComposer from 'nodemailer/lib/mail-composer';
import SMTPConnection from 'nodemailer/lib/smtp-connection';
import { RFC_5321_TIMEOUTS, type SmtpConfig, type SmtpTimeouts } from '../../config/config.js';
import {
  isOutboundDenied,
  normaliseHost,
  resolveOutbound,
  type ResolvedAddress,
} from '../../platform/outbound-policy.js';

/** One status e-mail as it goes out. */
export interface OutgoingMessage {
  from: string;
  to: string[];
  cc: string[];
  bcc: string[];
  subject: string;
  html: string;
  /** Stable per (run, condition): the same on every attempt, so a relay or a recipient can spot a copy. */
  messageId: string;
}

/**
 * What one SMTP conversation came to (DESIGN §5 "E-mail"):
 * - `sent`: the server accepted the end of DATA (250);
 * - `refused`: the server has certainly not taken the message: it was never transmitted in full, or the
 *   server refused it with a reply; `permanent` for a 5xx;
 * - `unknown`: the whole message went out but no reply to its end came (timeout, connection lost): the
 *   relay may have it, so it must never be resent by itself.
 */
export type DeliveryOutcome =
  | { outcome: 'sent'; response: string; rejected: string[] }
  | { outcome: 'refused'; permanent: boolean; reason: string }
  | { outcome: 'unknown'; reason: string };

type Phase = 'connect' | 'greeting' | 'command' | 'mail' | 'rcpt' | 'dataInit' | 'dataBlock' | 'dataEnd';

const PHASE_LIMIT: Record<Phase, keyof SmtpTimeouts> = {
  connect: 'connectMs',
  greeting: 'greetingMs',
  command: 'mailMs',
  mail: 'mailMs',
  rcpt: 'rcptMs',
  dataInit: 'dataInitMs',
  dataBlock: 'dataBlockMs',
  dataEnd: 'dataEndMs',
};

const PHASE_TEXT: Record<Phase, string> = {
  connect: 'connecting',
  greeting: 'the greeting',
  command: 'the reply to a command',
  mail: 'the reply to MAIL FROM',
  rcpt: 'the reply to RCPT TO',
  dataInit: 'the reply to DATA',
  dataBlock: 'the message going out',
  dataEnd: 'the final reply to the end of DATA',
};

/** Size of the blocks the message is handed to the connection in (each one under the data-block limit). */
const BLOCK = 64 * 1024;

function commandPhase(command: string): Phase {
  if (/^MAIL FROM/i.test(command)) return 'mail';
  if (/^RCPT TO/i.test(command)) return 'rcpt';
  if (/^DATA$/i.test(command)) return 'dataInit';
  // nodemailer ends an empty pipelined message with a lone dot
  if (command === '.') return 'dataEnd';
  return 'command';
}

interface SmtpError {
  message?: string;
  code?: string;
  command?: string;
  responseCode?: number;
}

/**
 * Follows the conversation through nodemailer's transaction log (every command sent, every reply
 * received) and holds each wait to its own RFC 5321 limit: the reply a command awaits, each block of
 * the message, the final reply to its end.
 */
class ConversationWatch {
  /** Phases whose reply has not come yet, oldest first (pipelining sends several at once). */
  private readonly awaiting: Phase[] = [];
  private current: Phase = 'connect';
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;
  /** The message's last byte was handed to the connection: from here on its end may have reached the server. */
  dataEndSent = false;

  constructor(
    private readonly timeouts: SmtpTimeouts,
    private readonly onExpired: (phase: Phase, limitMs: number) => void,
  ) {
    this.arm('connect');
  }

  /** The logger nodemailer writes its transaction log to. */
  readonly logger = {
    trace: () => undefined,
    debug: (entry: { tnx?: string }, text?: unknown) => this.onLog(entry, text),
    info: (entry: { tnx?: string; remoteAddress?: string }) => {
      if (entry.tnx === 'network' && entry.remoteAddress !== undefined && this.current === 'connect') {
        this.awaiting.push('greeting');
        this.arm('greeting');
      }
    },
    warn: () => undefined,
    error: () => undefined,
    fatal: () => undefined,
  };

  private onLog(entry: { tnx?: string }, text: unknown) {
    if (entry.tnx === 'client') {
      this.awaiting.push(commandPhase(String(text ?? '').trim()));
      this.arm(this.awaiting[0]);
    } else if (entry.tnx === 'server') {
      this.awaiting.shift();
      this.arm(this.awaiting[0]);
    }
  }

  /** A block of the message is asked for (the connection took the one before). */
  blockRequested() {
    if (this.awaiting.length === 0) this.arm('dataBlock');
  }

  /** The message was handed over in full; its end (CRLF.CRLF) follows at once. */
  messageEnded() {
    this.dataEndSent = true;
    this.awaiting.push('dataEnd');
    this.arm(this.awaiting[0]);
  }

  private arm(phase: Phase | undefined) {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (!phase || this.stopped) return;
    this.current = phase;
    const limitMs = this.timeouts[PHASE_LIMIT[phase]];
    this.timer = setTimeout(() => this.onExpired(phase, limitMs), limitMs);
  }

  stop() {
    this.stopped = true;
    clearTimeout(this.timer);
    this.timer = undefined;
  }
}

const CERTIFICATE_PROBLEM = /certificate|CERT_|self[- ]signed|UNABLE_TO_VERIFY|altnames/i;
const TLS_PROBLEM = /\bSSL\b|\bTLS\b|ssl3_|wrong version number|handshake|EPROTO|error:[0-9A-F]{8}/;

/**
 * A TLS failure in a plain sentence (docs/security.md "Hygiene"): the TLS library's own text (OpenSSL's
 * `error:0A00010B:SSL routines:…`) is not for the people reading the outbox; the code stays. A reply of
 * the SMTP server itself (it has a response code) is kept as it came.
 */
function plainTlsSentence(error: SmtpError): string | undefined {
  if (error.responseCode) return undefined;
  const text = `${error.code ?? ''} ${error.message ?? ''}`;
  if (CERTIFICATE_PROBLEM.test(text))
    return "the SMTP server's TLS certificate is not trusted (expired, self-signed or made for another name)";
  if (error.code === 'ETLS' || TLS_PROBLEM.test(text))
    return 'the TLS connection to the SMTP server could not be set up (check LIS_SMTP_TLS and LIS_SMTP_PORT: 465 is TLS from the start, 587 uses STARTTLS)';
  return undefined;
}

function describeError(error: SmtpError): string {
  const tls = plainTlsSentence(error);
  const code = error.code ?? (tls ? 'ETLS' : undefined);
  return [code, tls ?? error.message ?? String(error)].filter(Boolean).join(': ').slice(0, 500);
}

/** What an error means for the message, given how far the conversation got. */
function classify(error: SmtpError, dataEndSent: boolean): DeliveryOutcome {
  const reason = describeError(error);
  // The server's own reply to the end of DATA refused the message: it has certainly not taken it.
  if (error.code === 'EMESSAGE' && error.command === 'DATA' && error.responseCode)
    return { outcome: 'refused', permanent: error.responseCode >= 500, reason };
  if (dataEndSent) return { outcome: 'unknown', reason };
  return { outcome: 'refused', permanent: (error.responseCode ?? 0) >= 500, reason };
}

/** Builds the MIME message (Bcc left out of the headers) with its fixed Message-ID. */
export async function composeMessage(message: OutgoingMessage): Promise<Buffer> {
  return new MailComposer({
    from: message.from,
    to: message.to,
    cc: message.cc.length ? message.cc : undefined,
    bcc: message.bcc.length ? message.bcc : undefined,
    subject: message.subject,
    html: message.html,
    messageId: message.messageId,
    headers: { 'Auto-Submitted': 'auto-generated' },
  })
    .compile()
    .build();
}

/**
 * One SMTP conversation for one message, without any retry of its own: the caller decides from the
 * outcome. Each wait has its RFC 5321 limit; `signal` ends the conversation early (node stopping),
 * which is `unknown` once the message's end may have gone out.
 */
export async function deliverMessage(
  smtp: SmtpConfig,
  message: OutgoingMessage,
  signal?: AbortSignal,
): Promise<DeliveryOutcome> {
  const timeouts = smtp.timeouts ?? RFC_5321_TIMEOUTS;
  const raw = await composeMessage(message);
  // The SMTP host through the outbound policy (issue 32): resolved and checked here, and the
  // conversation goes to the checked address (TLS still checks the certificate against the name).
  let resolved: ResolvedAddress;
  try {
    const addresses = await resolveOutbound(smtp.host);
    if (!addresses[0]) throw Object.assign(new Error(`${smtp.host} has no address`), { code: 'EDNS' });
    resolved = addresses[0];
  } catch (error) {
    if (isOutboundDenied(error))
      return {
        outcome: 'refused',
        permanent: true,
        reason: `OUTBOUND_DENIED: the SMTP host ${smtp.host} is an address not allowed by the outbound policy (LIS_OUTBOUND_ALLOW / LIS_OUTBOUND_DENY)`,
      };
    return classify(error as SmtpError, false);
  }
  const named = normaliseHost(smtp.host);
  const longest = Math.max(...Object.values(timeouts));
  return new Promise<DeliveryOutcome>((resolve) => {
    let settled = false;
    const watch = new ConversationWatch(timeouts, (phase, limitMs) =>
      finish(
        classify(
          { code: 'ETIMEDOUT', message: `no progress in ${limitMs} ms waiting for ${PHASE_TEXT[phase]}` },
          watch.dataEndSent,
        ),
      ),
    );
    const onAbort = () =>
      finish(
        classify(
          { code: 'EABORTED', message: 'the node stopped during the conversation' },
          watch.dataEndSent,
        ),
      );
    function finish(outcome: DeliveryOutcome) {
      if (settled) return;
      settled = true;
      watch.stop();
      signal?.removeEventListener('abort', onAbort);
      if (outcome.outcome === 'sent') connection.quit();
      else connection.close();
      resolve(outcome);
    }
    const connection = new SMTPConnection({
      host: resolved.address,
      ...(named.kind === 'name' ? { servername: named.name } : {}),
      port: smtp.port,
      secure: smtp.secure,
      requireTLS: smtp.requireTls,
      // nodemailer's own limits stay behind the watch's, which ends each wait at its own limit
      connectionTimeout: timeouts.connectMs + timeouts.greetingMs + 1_000,
      greetingTimeout: timeouts.greetingMs + 1_000,
      socketTimeout: longest + 1_000,
      transactionLog: true,
      logger: watch.logger,
    });
    const failed = (error: unknown) => finish(classify(error as SmtpError, watch.dataEndSent));
    connection.on('error', failed);
    if (signal?.aborted) return onAbort();
    signal?.addEventListener('abort', onAbort, { once: true });

    let offset = 0;
    const source = new Readable({
      read() {
        watch.blockRequested();
        if (offset >= raw.length) {
          this.push(null);
          return;
        }
        this.push(raw.subarray(offset, offset + BLOCK));
        offset += BLOCK;
      },
    });
    source.once('end', () => watch.messageEnded());

    const send = () =>
      connection.send(
        { from: message.from, to: [...message.to, ...message.cc, ...message.bcc] },
        source,
        (error, info) => {
          if (error) return failed(error);
          finish({
            outcome: 'sent',
            response: String(info.response ?? ''),
            rejected: info.rejected.map(String),
          });
        },
      );
    connection.connect((error) => {
      if (error) return failed(error);
      if (!smtp.user) return send();
      connection.login({ user: smtp.user, pass: smtp.password ?? '' }, (loginError) =>
        loginError ? failed(loginError) : send(),
      );
    });
  });
}
