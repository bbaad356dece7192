import { peopleCount, WORDS, type Contact } from '@tend/contracts';
import { useId, useMemo, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { useNotify } from '@/components/ui/toast';
import { readErrorMessages } from '@/lib/api-client';
import { useBulkMoveContacts } from '@/lib/bulk-contacts';
import { BOARD_MESSAGES } from '../messages';
import './make-room-dialog.css';

interface MakeRoomDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** After the move: the board has room again. */
  onMoved: () => void;
  /**
   * The board's cards (undefined while they load), handed in by the limit modal: this dialog's lazy
   * chunk importing the board's query split a chunk too small to compress off the board's first load.
   */
  contacts: readonly Contact[] | undefined;
}

/**
 * The limit modal's other way out (issue 26): instead of deleting people to make room on a full
 * free board, move some to the network, where they keep their notes and timeline. The oldest
 * cards are listed first, as the likeliest to go.
 */
export function MakeRoomDialog({ open, onOpenChange, onMoved, contacts }: MakeRoomDialogProps) {
  const move = useBulkMoveContacts();
  const notify = useNotify();
  const listId = useId();
  const [chosen, setChosen] = useState<ReadonlySet<number>>(() => new Set());
  const [errors, setErrors] = useState<string[]>([]);
  const people = useMemo(
    () => [...(contacts ?? [])].sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id - b.id),
    [contacts],
  );

  const toggle = (id: number) =>
    setChosen((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const confirm = () => {
    setErrors([]);
    const ids = people.filter((person) => chosen.has(person.id)).map((person) => person.id);
    move.mutate(
      { ids, action: 'to_network' },
      {
        onSuccess: ({ contacts: moved }) => {
          notify.success(BOARD_MESSAGES.movedManyToNetwork(moved.length));
          setChosen(new Set());
          onMoved();
        },
        onError: (error) => setErrors(readErrorMessages(error, BOARD_MESSAGES.moveToNetworkFailed)),
      },
    );
  };

  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={BOARD_MESSAGES.makeRoomTitle}
      description={<p>{BOARD_MESSAGES.makeRoomLead}</p>}
      size="md"
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button onClick={confirm} loading={move.isPending} disabled={chosen.size === 0}>
            {chosen.size === 0 ? WORDS.moveToNetwork : `${WORDS.moveToNetwork}: ${peopleCount(chosen.size)}`}
          </Button>
        </>
      }
    >
      {contacts === undefined ? <Spinner size={24} label={BOARD_MESSAGES.loadingCards} /> : null}
      <fieldset className="make-room">
        <legend className="visually-hidden" id={listId}>
          {BOARD_MESSAGES.makeRoomTitle}
        </legend>
        <ul className="make-room__list">
          {people.map((person) => (
            <li key={person.id}>
              <label className="make-room__person">
                <input type="checkbox" checked={chosen.has(person.id)} onChange={() => toggle(person.id)} />
                <span className="make-room__name">{person.name}</span>
                {person.company ? <span className="make-room__company">{person.company}</span> : null}
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
      {errors.length > 0 ? (
        <Alert title={BOARD_MESSAGES.moveToNetworkFailed}>
          {errors.map((error) => (
            <p key={error}>{error}</p>
          ))}
        </Alert>
      ) : null}
    </Modal>
  );
}
