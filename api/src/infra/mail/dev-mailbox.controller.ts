import { Controller, Get, Header, Inject, NotFoundException, Param, Req } from '@nestjs/common';
import type { Request } from 'express';
import { isIP } from 'node:net';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { escapeHtml } from '../html/escape-html';
import { Public } from '../http/access.decorators';
import type { OutboxEntry } from './mail-transport';

/**
 * Whether a connection comes from this machine, judged by the socket's own address (never by
 * headers such as X-Forwarded-For, which a caller writes).
 */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  if (isIP(v4) === 4) return v4.startsWith('127.');
  return address === '::1';
}

const NOT_FOUND = { errors: ['Not found.'] };

/**
 * Development only (SMTP_URL unset, not production): read the outbox in a browser. It holds
 * every reset and confirmation link, so it answers only to this machine: anyone else who can
 * reach the port gets the same 404 as for a path that does not exist.
 */
@Public()
@Controller('dev/mailbox')
export class DevMailboxController {
  private readonly dir: string;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.dir = join(config.dataDir, 'outbox');
  }

  private entries(): OutboxEntry[] {
    if (!existsSync(this.dir)) return [];
    return readdirSync(this.dir)
      .filter((f) => f.endsWith('.json'))
      .sort()
      .reverse()
      .map((f) => JSON.parse(readFileSync(join(this.dir, f), 'utf8')) as OutboxEntry);
  }

  private assertLocal(req: Request): void {
    if (!isLoopback(req.socket.remoteAddress)) throw new NotFoundException(NOT_FOUND);
  }

  @Get()
  @Header('Content-Type', 'text/html; charset=utf-8')
  list(@Req() req: Request): string {
    this.assertLocal(req);
    const rows = this.entries()
      .map(
        (e) =>
          `<tr><td>${escapeHtml(new Date(e.date).toLocaleString('en-US'))}</td><td>${escapeHtml(e.to)}</td><td><a href="/dev/mailbox/${encodeURIComponent(e.file)}">${escapeHtml(e.subject)}</a></td></tr>`,
      )
      .join('');
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Tend dev mailbox</title>
<style>body{font-family:system-ui,sans-serif;margin:32px;color:#1d2428}table{border-collapse:collapse;width:100%}td,th{text-align:left;padding:8px;border-bottom:1px solid #dde}</style></head>
<body><h1>Dev mailbox</h1><p>Mail written to the outbox because SMTP_URL is not set.</p>
<table><thead><tr><th>Date</th><th>To</th><th>Subject</th></tr></thead><tbody>${rows || '<tr><td colspan="3">No mail yet.</td></tr>'}</tbody></table></body></html>`;
  }

  @Get(':file')
  @Header('Content-Type', 'text/html; charset=utf-8')
  show(@Req() req: Request, @Param('file') file: string): string {
    this.assertLocal(req);
    const entry = this.entries().find((e) => e.file === file);
    if (!entry) throw new NotFoundException({ errors: ['No such message.'] });
    const text = escapeHtml(entry.text).replace(/(https?:\/\/[^\s<]+)/g, '<a href="$1">$1</a>');
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(entry.subject)}</title>
<style>body{font-family:system-ui,sans-serif;margin:32px;color:#1d2428}pre{white-space:pre-wrap;font:inherit}</style></head>
<body><p><a href="/dev/mailbox">&larr; Mailbox</a></p><h1>${escapeHtml(entry.subject)}</h1><p>To: ${escapeHtml(entry.to)}</p><pre>${text}</pre></body></html>`;
  }
}
