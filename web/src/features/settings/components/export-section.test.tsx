import type { Export } from '@tend/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockFetch } from '@/test/fetch-mock';
import { makeUser } from '@/test/fixtures';
import { renderScreen } from '@/test/render';
import { ExportSection } from './export-section';

const ID = '5d0c2a3b-7e6f-4a1b-9c8d-0e1f2a3b4c5d';
const session = { body: makeUser(), headers: { 'X-CSRF-Token': 't' } };

function makeExport(overrides: Partial<Export> = {}): Export {
  return {
    id: ID,
    state: 'pending',
    download_url: null,
    size: null,
    created_at: '2026-01-01T10:00:00.000Z',
    expires_at: null,
    ...overrides,
  };
}

describe('ExportSection', () => {
  it('requests an export, waits while it is built, then offers its single-use link once', async () => {
    const url = `/api/exports/${ID}/download?token=abc`;
    const http = mockFetch({
      'GET /api/session': session,
      'POST /api/exports': { status: 202, body: makeExport() },
      [`GET /api/exports/${ID}`]: {
        body: makeExport({ state: 'ready', download_url: url, size: 2048, expires_at: '2026-01-02T10:00:00.000Z' }),
      },
    });
    const user = userEvent.setup();
    renderScreen(<ExportSection />, { path: '/settings', user: makeUser() });
    expect(screen.getByRole('heading', { name: 'Export your data' })).toBeInTheDocument();
    expect(
      screen.getByText(/contacts\.csv, interactions\.csv, notifications\.csv, contacts\.vcf, account\.json/),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Export everything' }));
    expect(await screen.findByText(/Preparing your export/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export everything' })).toBeDisabled();

    const link = await screen.findByRole('link', { name: 'Download zip' }, { timeout: 3000 });
    expect(link).toHaveAttribute('href', url);
    expect(link).toHaveAttribute('download');
    expect(screen.getByText('Your export is ready (2 KB).')).toBeInTheDocument();
    expect(screen.getByText(/The download link works once and until January 2, 2026/)).toBeInTheDocument();
    expect(http.callsTo('POST', '/api/exports')).toHaveLength(1);

    // jsdom does not follow the link; the section still marks it used and offers a new export.
    link.addEventListener('click', (event) => event.preventDefault());
    await user.click(link);
    expect(await screen.findByText(/Downloaded\. The link has been used/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Download zip' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export again' })).toBeEnabled();
  });

  it('says when the export could not be built, and when it could not be started', async () => {
    mockFetch({
      'GET /api/session': session,
      'POST /api/exports': [
        { status: 202, body: makeExport() },
        { status: 503, body: { errors: ['The export could not be started just now.'] } },
      ],
      [`GET /api/exports/${ID}`]: { body: makeExport({ state: 'failed' }) },
    });
    const user = userEvent.setup();
    renderScreen(<ExportSection />, { path: '/settings', user: makeUser() });
    await user.click(screen.getByRole('button', { name: 'Export everything' }));
    expect(
      await screen.findByText('The export could not be built. Please try again.', {}, { timeout: 3000 }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Export again' }));
    expect(await screen.findByText('The export could not be started just now.')).toBeInTheDocument();
  });
});
