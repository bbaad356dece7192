import { simpleParser, type ParsedMail } from 'mailparser';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface CapturedMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  links: string[];
  /** Header values by lower-case name. */
  headers: Record<string, string>;
  messageId: string;
  /** When the message arrived (`performance.now()`). */
  receivedAt: number;
}

/** A message's header section, unfolded, as a captured mail without a body. */
function headersOf(raw: string): CapturedMail {
  const end = raw.indexOf('\r\n\r\n');
  const section = (end === -1 ? raw : raw.slice(0, end)).replace(/\r\n[ \t]+/g, ' ');
  const headers: Record<string, string> = {};
  for (const line of section.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const address = /<([^>]+)>/.exec(headers['to'] ?? '');
  return {
    to: (address?.[1] ?? headers['to'] ?? '').toLowerCase(),
    subject: headers['subject'] ?? '',
    text: '',
    html: '',
    links: [],
    headers,
    messageId: headers['message-id'] ?? '',
    receivedAt: performance.now(),
  };
}

/** A real SMTP server on a random port: the app's nodemailer talks SMTP to it. */
export class SmtpCapture {
  readonly messages: CapturedMail[] = [];
  /** While true, every message is refused with a temporary failure (an SMTP server having trouble). */
  refusing = false;
  /** Messages refused so far. */
  refused = 0;
  private readonly server: SMTPServer;
  private port = 0;

  /**
   * `headersOnly`: keep each message's envelope headers (to, subject, Message-ID) and skip parsing its
   * body, for tests that count thousands of messages (parsing 10,000 digests would cost the test
   * process more than the app under test). Header values are kept as sent (unfolded, not decoded).
   */
  constructor({ headersOnly = false }: { headersOnly?: boolean } = {}) {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onMailFrom: (_address, _session, callback) => {
        if (!this.refusing) return callback();
        this.refused += 1;
        callback(Object.assign(new Error('Service temporarily unavailable, try again later'), { responseCode: 451 }));
      },
      onData: (stream, _session, callback) => {
        if (headersOnly) {
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            this.messages.push(headersOf(Buffer.concat(chunks).toString('utf8')));
            callback();
          });
          stream.on('error', (error: Error) => callback(error));
          return;
        }
        simpleParser(stream)
          .then((mail: ParsedMail) => {
            const to = Array.isArray(mail.to) ? mail.to.map((a) => a.text).join(', ') : (mail.to?.text ?? '');
            const text = mail.text ?? '';
            this.messages.push({
              to: to.toLowerCase(),
              subject: mail.subject ?? '',
              text,
              html: typeof mail.html === 'string' ? mail.html : '',
              links: text.match(/https?:\/\/\S+/g) ?? [],
              messageId: mail.messageId ?? '',
              receivedAt: performance.now(),
              headers: Object.fromEntries(
                [...mail.headerLines].map((line) => [line.key, line.line.slice(line.line.indexOf(':') + 1).trim()]),
              ),
            });
            callback();
          })
          .catch((error: Error) => callback(error));
      },
    });
  }

  async start(): Promise<this> {
    // A client killed mid-message (the crash tests SIGKILL a worker while it sends) resets its
    // connection; the server reports that as an error event, which would otherwise be thrown.
    this.server.on('error', () => undefined);
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.server.address() as AddressInfo).port;
    return this;
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  /** Waits for a message to `to` (optionally matching the subject) that arrived after `since` messages. */
  async waitFor(to: string, subject?: RegExp, { timeoutMs = 15_000, since = 0 } = {}): Promise<CapturedMail> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.messages
        .slice(since)
        .find((m) => m.to.includes(to.toLowerCase()) && (!subject || subject.test(m.subject)));
      if (found) return found;
      if (Date.now() > deadline) {
        throw new Error(
          `No mail to ${to}${subject ? ` matching ${subject}` : ''}; got: ${this.messages.map((m) => `${m.to}: ${m.subject}`).join(' | ')}`,
        );
      }
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  count(to: string): number {
    return this.messages.filter((m) => m.to.includes(to.toLowerCase())).length;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
