import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeRoutes, renderRouteTable } from '../src/app/route-table';
import { useTestApp } from './helpers/test-app';

const DOC = resolve(__dirname, '..', '..', 'docs', 'ARCHITECTURE.md');
const START = '<!-- routes:start (npm run docs:routes writes this table from the router) -->';
const END = '<!-- routes:end -->';

describe('the route table in docs/ARCHITECTURE.md', () => {
  // Without SMTP, so the development mailbox is mounted and listed too.
  const app = useTestApp({ SMTP_URL: '' }, { mode: 'in-process' });

  it('is the router’s, as it is now', () => {
    // Prettier would pad the columns; the generated table is kept as generated.
    const table = `<!-- prettier-ignore-start -->\n${renderRouteTable(describeRoutes(app.running.app))}\n<!-- prettier-ignore-end -->`;
    const doc = readFileSync(DOC, 'utf8');
    const start = doc.indexOf(START);
    const end = doc.indexOf(END);
    expect(start, `docs/ARCHITECTURE.md needs the markers ${START} ... ${END}`).toBeGreaterThan(-1);
    expect(end).toBeGreaterThan(start);
    const current = doc.slice(start + START.length, end).trim();
    if (process.env['UPDATE_DOCS'] === '1' && current !== table) {
      writeFileSync(DOC, `${doc.slice(0, start + START.length)}\n\n${table}\n\n${doc.slice(end)}`);
      return;
    }
    expect(current, 'the route table is out of date: run `npm run docs:routes`').toBe(table);
  });

  it('lists every route the HTTP server has', () => {
    const rows = describeRoutes(app.running.app);
    expect(rows.length).toBeGreaterThan(25);
    expect(rows).toContainEqual({
      method: 'GET',
      path: '/api/contacts',
      module: 'contacts',
      access: 'verified',
      csrfExempt: false,
      extension: true,
    });
    expect(rows).toContainEqual({
      method: 'POST',
      path: '/api/users',
      module: 'account',
      access: 'public',
      csrfExempt: false,
      extension: false,
    });
    expect(rows).toContainEqual({
      method: 'DELETE',
      path: '/api/extension-tokens/:id',
      module: 'extension-tokens',
      access: 'verified',
      csrfExempt: false,
      extension: false,
    });
    expect(rows).toContainEqual({
      method: 'GET',
      path: '/dev/mailbox',
      module: 'mail',
      access: 'public',
      csrfExempt: false,
      extension: false,
    });
  });
});
