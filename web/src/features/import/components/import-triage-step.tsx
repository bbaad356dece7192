import { freeCardsCounter, type Tier } from '@tend/contracts';
import { useEffect, useId, useMemo, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ColumnSelectField } from '@/components/ui/column-select-field';
import { Spinner } from '@/components/ui/spinner';
import { TextField } from '@/components/ui/text-field';
import { useNotify } from '@/components/ui/toast';
import { readErrorMessage, readErrorMessages } from '@/lib/api-client';
import { useBulkMoveContacts } from '@/lib/bulk-contacts';
import type { NetworkFilter } from '@/lib/network-keys';
import { useImportedPeople } from '../api/get-imported-people';
import { TRIAGE_MESSAGES } from '../messages';
import { readTriageProgress, updateTriageProgress } from '../utils/triage-progress';
import { StepHeading } from './step-heading';
import './import-triage-step.css';

/** Typing waits this long before the list asks again. */
const FILTER_PAUSE_MS = 120;

function useSettled(value: string): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), FILTER_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [value]);
  return settled;
}

interface ImportTriageStepProps {
  importId: string;
  tiers: readonly Tier[];
  /** The column the import used for the board, the triage's default. */
  defaultTierId: number | null;
  /** Free cards left on the board (null: unlimited). */
  room: number | null;
  takeFocus: boolean;
  /** Skip (or Done): everyone left stays in the network. */
  onDone: () => void;
}

/**
 * After an import (issue 26): the people it brought into the network, to pick the few worth
 * keeping warm. Checkboxes, a search and company and title filters, the free plan's counter ("12 of
 * 25 free cards") and "Put N on the board" into a column; Skip leaves them all in the network.
 */
export function ImportTriageStep({ importId, tiers, defaultTierId, room, takeFocus, onDone }: ImportTriageStepProps) {
  const headingId = useId();
  const counterId = useId();
  const notify = useNotify();
  const [text, setText] = useState('');
  const [company, setCompany] = useState('');
  const [title, setTitle] = useState('');
  const q = useSettled(text);
  const companyFilter = useSettled(company);
  const titleFilter = useSettled(title);
  const filter = useMemo<NetworkFilter>(
    () => ({
      import_id: importId,
      q: q.trim() || undefined,
      company: companyFilter.trim() || undefined,
      title: titleFilter.trim() || undefined,
      sort: 'name_asc',
    }),
    [importId, q, companyFilter, titleFilter],
  );
  const filterFields = [
    { label: TRIAGE_MESSAGES.search, value: text, onChange: setText },
    { label: TRIAGE_MESSAGES.company, value: company, onChange: setCompany },
    { label: TRIAGE_MESSAGES.title, value: title, onChange: setTitle },
  ];
  const list = useImportedPeople(filter);
  const people = useMemo(() => list.data?.pages.flatMap((page) => page.items) ?? [], [list.data]);
  const total = list.data?.pages[0]?.total ?? 0;
  const [chosen, setChosen] = useState<ReadonlySet<number>>(() => new Set());
  const [tierId, setTierId] = useState<number | undefined>(
    tiers.find((tier) => tier.id === defaultTierId)?.id ?? tiers[0]?.id,
  );
  const [errors, setErrors] = useState<string[]>([]);
  // How many this import put on the board so far, before a reload too (utils/triage-progress.ts).
  const [put, setPut] = useState(() => readTriageProgress(importId).put);
  useEffect(() => {
    if (put > 0) updateTriageProgress(importId, { put });
  }, [importId, put]);
  const move = useBulkMoveContacts();
  const full = room !== null && chosen.size >= room;

  const toggle = (id: number) =>
    setChosen((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const putOnBoard = () => {
    if (tierId === undefined || chosen.size === 0) return;
    setErrors([]);
    const column = tiers.find((tier) => tier.id === tierId)?.name ?? '';
    move.mutate(
      { ids: [...chosen], action: 'to_board', tier_id: tierId },
      {
        onSuccess: ({ contacts }) => {
          notify.success(TRIAGE_MESSAGES.put(contacts.length, column));
          setPut((count) => count + contacts.length);
          setChosen(new Set());
        },
        onError: (error) => setErrors(readErrorMessages(error, TRIAGE_MESSAGES.putFailed)),
      },
    );
  };

  return (
    <section className="import-step import-triage" aria-labelledby={headingId}>
      <StepHeading id={headingId} takeFocus={takeFocus}>
        {TRIAGE_MESSAGES.heading}
      </StepHeading>
      <p className="import-step__lead">{TRIAGE_MESSAGES.lead}</p>

      <div className="import-triage__filters" role="search">
        {filterFields.map((field) => (
          <TextField
            key={field.label}
            label={field.label}
            type="search"
            value={field.value}
            autoComplete="off"
            onChange={(event) => field.onChange(event.target.value)}
          />
        ))}
      </div>

      <p className="import-triage__counter" id={counterId} role="status">
        {room === null ? TRIAGE_MESSAGES.selected(chosen.size) : freeCardsCounter(chosen.size, room)}
        {list.data ? ` · ${TRIAGE_MESSAGES.shown(total)}` : ''}
      </p>

      {list.isPending ? (
        <div className="import-loading">
          <Spinner size={24} label={TRIAGE_MESSAGES.loading} />
        </div>
      ) : list.isError && !list.data ? (
        <Alert title={TRIAGE_MESSAGES.loadFailed}>{readErrorMessage(list.error, '')}</Alert>
      ) : total === 0 ? (
        <p className="import-triage__empty">
          {filter.q || filter.company || filter.title ? TRIAGE_MESSAGES.noMatch : TRIAGE_MESSAGES.nobodyLeft}
        </p>
      ) : (
        <ul className="import-triage__list" aria-label={TRIAGE_MESSAGES.listLabel} aria-busy={list.isPlaceholderData}>
          {people.map((person) => {
            const checked = chosen.has(person.id);
            const detail = [person.title, person.company].filter(Boolean).join(' · ');
            return (
              <li key={person.id}>
                <label className="import-triage__person">
                  <input
                    type="checkbox"
                    checked={checked}
                    disabled={!checked && full}
                    aria-describedby={!checked && full ? counterId : undefined}
                    onChange={() => toggle(person.id)}
                  />
                  <span className="import-triage__name">{person.name}</span>
                  {detail ? <span className="import-triage__detail">{detail}</span> : null}
                </label>
              </li>
            );
          })}
        </ul>
      )}
      {list.hasNextPage ? (
        <Button
          variant="secondary"
          size="sm"
          onClick={() => void list.fetchNextPage()}
          loading={list.isFetchingNextPage}
        >
          {TRIAGE_MESSAGES.showMore}
        </Button>
      ) : null}

      {errors.length > 0 ? (
        <Alert title={TRIAGE_MESSAGES.putFailed}>
          {errors.map((error) => (
            <p key={error}>{error}</p>
          ))}
        </Alert>
      ) : null}

      <div className="import-triage__actions">
        <ColumnSelectField
          className="import-triage__column"
          label={TRIAGE_MESSAGES.intoColumn}
          tiers={tiers}
          value={tierId}
          onChange={setTierId}
        />
        <div className="form__actions">
          <Button variant="secondary" onClick={onDone} disabled={move.isPending}>
            {put > 0 ? TRIAGE_MESSAGES.done : TRIAGE_MESSAGES.skip}
          </Button>
          <Button onClick={putOnBoard} loading={move.isPending} disabled={chosen.size === 0 || tierId === undefined}>
            {TRIAGE_MESSAGES.putButton(chosen.size)}
          </Button>
        </div>
      </div>
      {put > 0 ? <p className="import-step__note">{TRIAGE_MESSAGES.putSoFar(put)}</p> : null}
    </section>
  );
}
