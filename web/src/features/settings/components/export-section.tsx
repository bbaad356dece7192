import { EXPORT_FILES } from '@tend/contracts';
import { Download, FileArchive } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClassName } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useNotify } from '@/components/ui/toast';
import { readErrorMessage } from '@/lib/api-client';
import { useExport, useRequestExport } from '../api/export-data';
import { EXPORT_FAILED_MESSAGE, EXPORT_NOT_STARTED_MESSAGE } from '../messages';
import '../export-section.css';

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeStyle: 'short' });

/** "2.4 MB", "812 KB". */
function size(bytes: number | null): string {
  if (bytes === null) return '';
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/**
 * Export (issue 14): everything the user has as one zip, built by a job. Ready, it offers a
 * single-use link that expires; once used, a new export is needed for another copy.
 */
export function ExportSection() {
  const notify = useNotify();
  const request = useRequestExport();
  const [exportId, setExportId] = useState<string | null>(null);
  const [downloaded, setDownloaded] = useState(false);
  const current = useExport(exportId);
  const found = exportId !== null ? current.data : undefined;

  const start = () => {
    setDownloaded(false);
    request.mutate(undefined, {
      onSuccess: (requested) => setExportId(requested.id),
      onError: (error) => notify.error(readErrorMessage(error, EXPORT_NOT_STARTED_MESSAGE)),
    });
  };

  const pending = request.isPending || found?.state === 'pending' || (exportId !== null && current.isPending);
  const state = downloaded ? 'downloaded' : found?.state;

  return (
    <section className="panel" aria-labelledby="export-heading">
      <h2 id="export-heading" className="panel__title">
        <FileArchive size={20} aria-hidden="true" />
        Export your data
      </h2>
      <p className="panel__text">
        Everything you keep in Tend as one zip: your contacts as a spreadsheet and as vCards, your interactions and
        reminders, your whole account as JSON, and contact photos ({EXPORT_FILES.join(', ')}).
      </p>
      <div className="export-status">
        {pending ? (
          <div className="export-status__row" role="status">
            <Spinner size={18} />
            <p>Preparing your export. A large network takes a few seconds.</p>
          </div>
        ) : state === 'ready' && found?.download_url ? (
          <Alert tone="success" title={`Your export is ready${found.size !== null ? ` (${size(found.size)})` : ''}.`}>
            The download link works once
            {found.expires_at ? ` and until ${dateTime.format(new Date(found.expires_at))}` : ''}.
          </Alert>
        ) : state === 'downloaded' ? (
          <Alert tone="info">Downloaded. The link has been used; export again for another copy.</Alert>
        ) : state === 'failed' ? (
          <Alert>{EXPORT_FAILED_MESSAGE}</Alert>
        ) : state === 'expired' ? (
          <Alert tone="info">This export&rsquo;s link has expired. Export again for a fresh copy.</Alert>
        ) : current.isError ? (
          <Alert>{readErrorMessage(current.error, EXPORT_FAILED_MESSAGE)}</Alert>
        ) : null}
      </div>
      <div className="export-actions">
        {state === 'ready' && found?.download_url ? (
          <a
            href={found.download_url}
            download
            className={buttonClassName({})}
            // After the browser has taken the link (a disconnected anchor would not be followed).
            onClick={() => window.setTimeout(() => setDownloaded(true), 0)}
          >
            <Download size={16} aria-hidden="true" />
            Download zip
          </a>
        ) : (
          <Button onClick={start} loading={pending} icon={<Download size={16} aria-hidden="true" />}>
            {state === undefined || state === 'pending' ? 'Export everything' : 'Export again'}
          </Button>
        )}
      </div>
    </section>
  );
}
