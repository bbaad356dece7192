import {
  DRAFT_FAILED_MESSAGE,
  DRAFT_READY_MESSAGE,
  type DraftPurpose,
  type DraftRequest,
  type DraftResponse,
  type DraftTone,
} from '@tend/contracts';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useNotify } from '@/components/ui/toast';
import { ApiError, api } from '@/lib/api-client';

/** `POST /api/geminis/`: one follow-up draft for a contact, in a tone and for a purpose. */
export function requestDraft(request: DraftRequest): Promise<DraftResponse> {
  return api<DraftResponse>('/api/geminis/', { method: 'POST', body: request });
}

/**
 * The toast for a failed draft. The spec's 'Message failed to generate. Please try again.' stands for
 * every failure, except the limits (429) and the deadline (504), whose own message says what to do.
 */
export function draftFailureMessage(error: unknown): string {
  if (error instanceof ApiError && (error.status === 429 || error.status === 504) && error.errors[0]) {
    return error.errors[0];
  }
  return DRAFT_FAILED_MESSAGE;
}

/** What the Follow-up message tab shows and edits; kept by the card so it survives switching tabs. */
export interface FollowUpDraft {
  tone: DraftTone;
  purpose: DraftPurpose;
  /** The text in the editor (what is copied and emailed). */
  text: string;
  /** The last answer from the API, or null before the first one. */
  generated: DraftResponse | null;
}

export const EMPTY_FOLLOW_UP_DRAFT: FollowUpDraft = { tone: 'warm', purpose: 'check-in', text: '', generated: null };

/** True when the editor holds text the user typed or changed, which closing the card would lose. */
export function isDraftEdited(draft: FollowUpDraft): boolean {
  return draft.text !== (draft.generated?.response ?? '');
}

export interface FollowUpDraftState {
  draft: FollowUpDraft;
  edited: boolean;
  generating: boolean;
  setTone: (tone: DraftTone) => void;
  setPurpose: (purpose: DraftPurpose) => void;
  setText: (text: string) => void;
  generate: () => void;
  /** After "I sent it": the draft is sent and logged as a note, so the editor starts over. */
  reset: () => void;
}

/**
 * The card's follow-up draft and the call that writes it. It lives in the card (not in the tab) so
 * the text being edited and a draft still being written survive switching tabs (issue 11).
 */
export function useFollowUpDraft(contactId: number): FollowUpDraftState {
  const notify = useNotify();
  const [draft, setDraft] = useState<FollowUpDraft>(EMPTY_FOLLOW_UP_DRAFT);
  const mutation = useMutation({ mutationFn: requestDraft });

  const generate = () => {
    if (mutation.isPending) return;
    mutation.mutate(
      { id: contactId, tone: draft.tone, purpose: draft.purpose },
      {
        onSuccess: (answer) => {
          setDraft((current) => ({ ...current, text: answer.response, generated: answer }));
          notify.success(DRAFT_READY_MESSAGE);
        },
        onError: (error) => notify.error(draftFailureMessage(error)),
      },
    );
  };

  return {
    draft,
    edited: isDraftEdited(draft),
    generating: mutation.isPending,
    setTone: (tone) => setDraft((current) => ({ ...current, tone })),
    setPurpose: (purpose) => setDraft((current) => ({ ...current, purpose })),
    setText: (text) => setDraft((current) => ({ ...current, text })),
    generate,
    reset: () => setDraft((current) => ({ ...EMPTY_FOLLOW_UP_DRAFT, tone: current.tone, purpose: current.purpose })),
  };
}
