export interface SmtpConfig {
  host: string;
  port: number;
  /** TLS from the start (port 465); otherwise STARTTLS when the server offers it. */
  secure: boolean;
  /** STARTTLS is required: a server that does not offer it is refused. */
  requireTls: boolean;
  user: string | undefined;
  password: string | undefined;
  /** How long each step of the SMTP conversation is waited for (RFC 5321 §4.5.3.2); RFC values when absent. */
  timeouts?: SmtpTimeouts;
}

/** Waits of one SMTP conversation, in ms: each is how long LIS waits for the server's reply to that step. */
export interface SmtpTimeouts {
  /** TCP connection (and TLS from the start, port 465). */
  connectMs: number;
  /** The 220 greeting (RFC: 5 min). */
  greetingMs: number;
  /** MAIL FROM, and the other commands: EHLO, STARTTLS, AUTH, QUIT (RFC: 5 min). */
  mailMs: number;
  /** Each RCPT TO (RFC: 5 min). */
  rcptMs: number;
  /** The 354 reply to DATA (RFC: 2 min). */
  dataInitMs: number;
  /** Each block of the message going out (RFC: 3 min). */
  dataBlockMs: number;
  /** The final reply to the end of DATA (RFC: 10 min): the relay may take long to accept the message. */
  dataEndMs: number;
}

/** RFC 5321 §4.5.3.2 (the connection itself: 1 min). */
export const RFC_5321_TIMEOUTS: SmtpTimeouts = {
  connectMs: 60_000,
  greetingMs: 300_000,
  mailMs: 300_000,
  rcptMs: 300_000,
  dataInitMs: 120_000,
  dataBlockMs: 180_000,
  dataEndMs: 600_000,
};

/** The variable of each SMTP wait, with its RFC 5321 default (durations such as 10m or 300ms). */
export const SMTP_TIMEOUT_VARIABLES: {
  key: keyof SmtpTimeouts;
  name: string;
  fallback: string;
  what: string;
}[] = [
  {
    key: 'connectMs',
    name: 'LIS_SMTP_CONNECT_TIMEOUT',
    fallback: '1m',
    what: 'connecting to the SMTP server',
  },
  {
    key: 'greetingMs',
    name: 'LIS_SMTP_GREETING_TIMEOUT',
    fallback: '5m',
    what: "the SMTP server's greeting",
  },
  {
    key: 'mailMs',
    name: 'LIS_SMTP_MAIL_TIMEOUT',
    fallback: '5m',
    what: 'the reply to MAIL FROM (and EHLO, STARTTLS, AUTH)',
  },
  { key: 'rcptMs', name: 'LIS_SMTP_RCPT_TIMEOUT', fallback: '5m', what: 'the reply to each RCPT TO' },
  { key: 'dataInitMs', name: 'LIS_SMTP_DATA_INIT_TIMEOUT', fallback: '2m', what: 'the reply to DATA' },
  {
    key: 'dataBlockMs',
    name: 'LIS_SMTP_DATA_BLOCK_TIMEOUT',
    fallback: '3m',
    what: 'each block of the message being sent',
  },
  {
    key: 'dataEndMs',
    name: 'LIS_SMTP_DATA_END_TIMEOUT',
    fallback: '10m',
    what: 'the final reply after the message; a mail without it is UNKNOWN, never resent by itself',
  },
];
