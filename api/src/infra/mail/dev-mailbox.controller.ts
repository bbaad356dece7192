import { Controller, Get, Header, Inject, NotFoundException, Param } from '@nestjs/common';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { escapeHtml } from '../../modules/mail/templates/layout';
import { Public } from '../http/access.decorators';
import type { OutboxEntry } from './mail-transport';

/** Development only (SMTP_URL unset, not production): read the outbox in a browser. */
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

  @Get()
  @Header('Content-Type', 'text/html; charset=utf-8')
  list(): string {
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
  show(@Param('file') file: string): string {
    const entry = this.entries().find((e) => e.file === file);
    if (!entry) throw new NotFoundException({ errors: ['No such message.'] });
    const text = escapeHtml(entry.text).replace(/(https?:\/\/[^\s<]+)/g, '<a href="$1">$1</a>');
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(entry.subject)}</title>
<style>body{font-family:system-ui,sans-serif;margin:32px;color:#1d2428}pre{white-space:pre-wrap;font:inherit}</style></head>
<body><p><a href="/dev/mailbox">&larr; Mailbox</a></p><h1>${escapeHtml(entry.subject)}</h1><p>To: ${escapeHtml(entry.to)}</p><pre>${text}</pre></body></html>`;
  }
}
