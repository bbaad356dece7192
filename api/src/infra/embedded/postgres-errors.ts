// Explaining a PostgreSQL that would not start: its last lines, and what to do about them.

const LOG_LINES_KEPT = 40;

/** A start that failed, with what PostgreSQL itself said last and what to do about it. */
export class EmbeddedPostgresError extends Error {
  constructor(summary: string, hint: string, lastLines: readonly string[]) {
    const log = lastLines.length ? `\nPostgreSQL's last lines:\n${lastLines.map((l) => `  ${l}`).join('\n')}` : '';
    super(`${summary}\n${hint}${log}`);
    this.name = 'EmbeddedPostgresError';
  }
}

/** Keeps the last lines a child process wrote, for error messages. */
export class LogTail {
  private readonly lines: string[] = [];
  private partial = '';

  constructor(private readonly onLine?: (line: string) => void) {}

  write(chunk: Buffer): void {
    const text = this.partial + chunk.toString('utf8');
    const parts = text.split('\n');
    this.partial = parts.pop() ?? '';
    for (const line of parts) this.push(line);
  }

  private push(line: string): void {
    if (!line.trim()) return;
    this.lines.push(line);
    if (this.lines.length > LOG_LINES_KEPT) this.lines.shift();
    this.onLine?.(line);
  }

  last(count = 12): string[] {
    return [...this.lines, ...(this.partial.trim() ? [this.partial] : [])].slice(-count);
  }
}

/** What to do about a PostgreSQL that would not start, read from its own last words. */
export function hintFor(lines: readonly string[], port: number, cluster: string, version: string): string {
  const text = lines.join('\n');
  if (/could not bind|Address already in use/i.test(text)) {
    return `Port ${port} is taken by another program. Stop it, or choose another port with EMBEDDED_POSTGRES_PORT.`;
  }
  if (/incompatible with server|database files are incompatible/i.test(text)) {
    return (
      `The cluster in ${cluster} was made by another PostgreSQL version than the one Tend ships (${version}). ` +
      'Start the Tend version that made it and export your data, or move the folder away to start afresh, or set DATABASE_URL to a server of that version.'
    );
  }
  if (/Permission denied|could not open/i.test(text)) {
    return `PostgreSQL cannot use ${cluster}: check that its owner and permissions were not changed.`;
  }
  if (/No space left/i.test(text)) return 'The disk is full: free some space and start again.';
  return 'See its last lines below; set DATABASE_URL to use another PostgreSQL instead.';
}
