import type { Import, ImportMapping, Tier } from '@tend/contracts';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { Spinner } from '@/components/ui/spinner';
import { useNotify } from '@/components/ui/toast';
import { ApiError, readErrorMessage, readErrorMessages } from '@/lib/api-client';
import { useCancelImport } from '../api/cancel-import';
import { ImportFileRefused, useCreateImport } from '../api/create-import';
import { useImport } from '../api/get-import';
import { useStartImport } from '../api/start-import';
import { IMPORT_MESSAGES } from '../messages';
import { isFinished, sameMapping } from '../utils/import-file';
import { readTriageProgress, updateTriageProgress } from '../utils/triage-progress';
import { ChooseFileStep, type ImportChoice } from './choose-file-step';
import { ColumnMappingStep } from './column-mapping-step';
import { ImportPreviewStep } from './import-preview-step';
import { ImportProgressStep } from './import-progress-step';
import { ImportSteps, type ImportStepKey } from './import-steps';
import { ImportSummaryStep } from './import-summary-step';
import { ImportTriageStep } from './import-triage-step';
import type { UpgradeAction } from './upgrade-offer';
import './import-page.css';

export interface ImportPageProps {
  /** The board's columns (composed by the app); undefined while they load. */
  tiers: readonly Tier[] | undefined;
  tiersError: unknown;
  onRetryTiers: () => void;
  upgrade: UpgradeAction;
  /** Called once when an import ends, so the app can refresh the board's cards. */
  onFinished: (run: Import) => void;
  /** Free cards left on the board (null: unlimited): the triage step's counter. */
  room: number | null;
}

/** The file in hand (kept while the person moves between steps; gone after a reload). */
interface Draft extends ImportChoice {
  /**
   * The import whose columns the person confirmed (or that needs none). An id, not a flag: after a
   * new mapping the draft and the address change in two renders, and a flag set for the new
   * import would show the old one's review in between.
   */
  mappedFor: string | null;
}

function Shell({ children, step, withMapping }: { children: ReactNode; step: ImportStepKey; withMapping: boolean }) {
  return (
    <div className="page page--narrow import-page">
      <PageHeader title="Import contacts" />
      <ImportSteps current={step} withMapping={withMapping} />
      <div className="panel import-panel">{children}</div>
    </div>
  );
}

/**
 * Import (issue 14): choose a file, match a generic CSV's columns, review what would happen, then
 * watch it run and see the summary. The import's id is in the address (`/import?id=`), so its
 * review, progress or summary survives a reload; the file itself lives only in this page.
 */
export function ImportPage({ tiers, tiersError, onRetryTiers, upgrade, onFinished, room }: ImportPageProps) {
  const [params, setParams] = useSearchParams();
  const id = params.get('id');
  const notify = useNotify();
  const current = useImport(id);
  const create = useCreateImport();
  const start = useStartImport();
  const cancel = useCancelImport();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  // The errors are about the file itself (not a passing 429 or a network error): it cannot be retried.
  const [fileRefused, setFileRefused] = useState(false);
  // Focus follows the steps once the person has acted (not on the page's first load).
  const [acted, setActed] = useState(false);
  // The imports whose triage step is behind the person (Skip or Done): their summary shows. Also
  // kept in local storage, so a reload or a later visit does not offer the step again.
  const [triaged, setTriaged] = useState<ReadonlySet<string>>(() => new Set());

  const run = id !== null ? current.data : undefined;

  const finishedFor = useRef<string | null>(null);
  useEffect(() => {
    if (run && isFinished(run.state) && finishedFor.current !== run.id) {
      finishedFor.current = run.id;
      onFinished(run);
    }
  }, [run, onFinished]);

  const show = (importId: string | null, replace = false) => {
    setActed(true);
    setParams(importId ? { id: importId } : {}, { replace });
  };

  const upload = (choice: ImportChoice, mapping: ImportMapping | undefined, onDone: (created: Import) => void) => {
    setErrors([]);
    setFileRefused(false);
    create.mutate(
      { ...choice, mapping },
      {
        onSuccess: onDone,
        onError: (error) => {
          setFileRefused(error instanceof ImportFileRefused);
          setErrors(
            error instanceof ImportFileRefused ? error.errors : readErrorMessages(error, IMPORT_MESSAGES.notReadable),
          );
        },
      },
    );
  };

  const choose = (choice: ImportChoice) => {
    setActed(true);
    upload(choice, undefined, (created) => {
      setDraft({ ...choice, mappedFor: created.format !== 'csv' ? created.id : null });
      show(created.id);
    });
  };

  const applyMapping = (mapping: ImportMapping) => {
    if (!draft || !run) return;
    setActed(true);
    if (sameMapping(mapping, run.mapping)) {
      setDraft({ ...draft, mappedFor: run.id });
      return;
    }
    upload(draft, mapping, (created) => {
      setDraft({ ...draft, mappedFor: created.id });
      show(created.id, true);
    });
  };

  const startRun = (tierId: number | null) => {
    if (!run) return;
    setActed(true);
    start.mutate(
      { id: run.id, tierId },
      {
        onError: (error) => {
          notify.error(readErrorMessage(error, IMPORT_MESSAGES.notStarted));
          void current.refetch();
        },
      },
    );
  };

  const cancelRun = () => {
    if (!run) return;
    cancel.mutate(run.id, {
      onError: (error) => {
        // Most often it has just finished: the summary follows from the refreshed state.
        notify.error(readErrorMessage(error, IMPORT_MESSAGES.notCancelled));
        void current.refetch();
      },
    });
  };

  /** Back to the first step; the file stays chosen unless `forget`. */
  const startOver = (forget = false) => {
    setDraft(draft && !forget ? { ...draft, mappedFor: null } : null);
    setErrors([]);
    show(null);
  };

  const withMapping = run ? run.format === 'csv' : false;

  if (tiersError && !tiers) {
    return (
      <Shell step="choose" withMapping={false}>
        <Alert title="We could not load your columns.">{readErrorMessage(tiersError, 'Please try again.')}</Alert>
        <div className="form__actions">
          <Button onClick={onRetryTiers}>Try again</Button>
        </div>
      </Shell>
    );
  }
  if (!tiers || (id !== null && current.isPending)) {
    return (
      <Shell step={id ? 'review' : 'choose'} withMapping={false}>
        <div className="import-loading">
          <Spinner size={28} label={id ? 'Loading the import' : 'Loading your columns'} />
        </div>
      </Shell>
    );
  }

  if (id !== null && (current.isError || !run)) {
    const gone = current.error instanceof ApiError && current.error.status === 404;
    return (
      <Shell step="review" withMapping={false}>
        <Alert title="This import cannot be shown">
          {gone ? IMPORT_MESSAGES.notFound : readErrorMessage(current.error, IMPORT_MESSAGES.notFound)}
        </Alert>
        <div className="form__actions">
          {!gone ? (
            <Button variant="secondary" onClick={() => void current.refetch()} loading={current.isFetching}>
              Try again
            </Button>
          ) : null}
          <Button onClick={() => startOver()}>Choose a file</Button>
        </div>
      </Shell>
    );
  }

  // A network-only import (issue 26) has no column: the network helper's screens word that choice.
  const tierName = (tierId: number | null) =>
    (tierId === null ? undefined : tiers.find((tier) => tier.id === tierId)?.name) ?? 'your board';

  if (!run) {
    return (
      <Shell step="choose" withMapping={false}>
        <ChooseFileStep
          tiers={tiers}
          initial={draft}
          errors={errors}
          fileRefused={fileRefused}
          pending={create.isPending}
          takeFocus={acted}
          onSubmit={choose}
        />
      </Shell>
    );
  }

  // Opened by its address while the server still reads the file: the preview follows by itself.
  if (run.state === 'reading') {
    return (
      <Shell step="review" withMapping={false}>
        <div className="import-loading">
          <Spinner size={28} label={`Reading ${run.file_name}`} />
        </div>
        <p className="import-step__lead">{IMPORT_MESSAGES.reading}</p>
      </Shell>
    );
  }

  if (run.state === 'preview' && run.format === 'csv' && draft && draft.mappedFor !== run.id && run.columns) {
    return (
      <Shell step="map" withMapping>
        <ColumnMappingStep
          key={run.id}
          fileName={run.file_name}
          columns={run.columns}
          guessed={run.mapping ?? {}}
          errors={errors}
          pending={create.isPending}
          takeFocus={acted}
          onBack={() => startOver()}
          onSubmit={applyMapping}
        />
      </Shell>
    );
  }

  if (run.state === 'preview') {
    return (
      <Shell step="review" withMapping={withMapping}>
        <ImportPreviewStep
          run={run}
          tiers={tiers}
          upgrade={upgrade}
          starting={start.isPending}
          takeFocus={acted}
          onBack={() => startOver()}
          onChangeColumns={run.format === 'csv' && draft ? () => setDraft({ ...draft, mappedFor: null }) : undefined}
          onStart={startRun}
        />
      </Shell>
    );
  }

  if (run.state === 'running') {
    return (
      <Shell step="import" withMapping={withMapping}>
        <ImportProgressStep
          run={run}
          tierName={tierName(run.tier_id)}
          cancelling={cancel.isPending}
          takeFocus={acted}
          onCancel={cancelRun}
        />
      </Shell>
    );
  }

  if (run.state === 'done' && run.to_network > 0 && !triaged.has(run.id) && !readTriageProgress(run.id).closed) {
    return (
      <Shell step="import" withMapping={withMapping}>
        <ImportTriageStep
          importId={run.id}
          tiers={tiers}
          defaultTierId={run.tier_id}
          room={room}
          takeFocus={acted}
          onDone={() => {
            setActed(true);
            updateTriageProgress(run.id, { closed: true });
            setTriaged((current) => new Set([...current, run.id]));
          }}
        />
      </Shell>
    );
  }

  return (
    <Shell step="import" withMapping={withMapping}>
      <ImportSummaryStep
        run={run}
        tierName={tierName(run.tier_id)}
        upgrade={upgrade}
        takeFocus={acted}
        onImportAnother={() => startOver(true)}
      />
    </Shell>
  );
}
