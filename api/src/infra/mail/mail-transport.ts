import { Logger } from '@nestjs/common';
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';

export interface OutgoingMail {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  headers?: Record<string, string>;
  /** The same for every attempt at one message, so a receiver can tell a repeat (a crash after SMTP said yes). */
  messageId?: string;
}

/** Sends mail; the token is injected so tests and roles share one transport per process. */
export abstract class MailTransport {
  abstract send(mail: OutgoingMail, messageId: number): Promise<void>;
  abstract close(): void;
}

export class SmtpMailTransport extends MailTransport {
  private readonly transporter: Transporter;

  constructor(smtpUrl: string) {
    super();
    // A pool of open connections: a burst of reminder emails must not pay a handshake each.
    this.transporter = nodemailer.createTransport({ url: smtpUrl, pool: true, maxConnections: 4 });
  }

  async send(mail: OutgoingMail): Promise<void> {
    await this.transporter.sendMail(mail);
  }

  close(): void {
    this.transporter.close();
  }
}

/** What /dev/mailbox lists next to each .eml file. */
export interface OutboxEntry {
  file: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  date: string;
}

/**
 * The embedded default when SMTP_URL is unset: each message becomes `outbox/<time>-<id>.eml`
 * (open it in any mail client) plus a JSON summary for /dev/mailbox; links go to the log.
 */
export class OutboxMailTransport extends MailTransport {
  private readonly logger = new Logger('Outbox');
  private readonly transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });

  constructor(readonly dir: string) {
    super();
    // Messages hold reset and confirmation links: only the owner may read them.
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    chmodSync(dir, 0o700);
  }

  async send(mail: OutgoingMail, messageId: number): Promise<void> {
    const info = (await this.transporter.sendMail(mail)) as { message: Buffer };
    const base = `${Date.now()}-${messageId}`;
    writeFileSync(join(this.dir, `${base}.eml`), info.message, { mode: 0o600 });
    const entry: OutboxEntry = { file: `${base}.eml`, date: new Date().toISOString(), ...mail };
    writeFileSync(join(this.dir, `${base}.json`), JSON.stringify(entry), { mode: 0o600 });
    const links = mail.text.match(/https?:\/\/\S+/g) ?? [];
    this.logger.log(`Mail to ${mail.to}: "${mail.subject}"${links.length ? ` — ${links.join(' ')}` : ''}`);
  }

  close(): void {
    this.transporter.close();
  }
}
