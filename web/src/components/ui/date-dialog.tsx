import { useState, type FormEvent } from 'react';
import { Button } from './button';
import { Modal } from './dialog';
import { TextField } from './text-field';

interface DateDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  /** What the date is for, under the title. */
  description: string;
  label: string;
  /** Bounds (`YYYY-MM-DD`): the picker offers only these, and a typed date outside them is refused here. */
  min: string;
  max: string;
  /** The date the field starts with. */
  initial: string;
  confirmLabel: string;
  pending?: boolean;
  /** The server's refusal, shown at the field. */
  error?: string | null;
  onConfirm: (date: string) => void;
  /** The element that opened it, focused again when it closes. */
  returnFocusTo?: HTMLElement | null;
}

/** Asks for one calendar date: "Snooze until a date", "Schedule follow-up". */
export function DateDialog({
  open,
  onOpenChange,
  title,
  description,
  label,
  min,
  max,
  initial,
  confirmLabel,
  pending = false,
  error = null,
  onConfirm,
  returnFocusTo = null,
}: DateDialogProps) {
  const [value, setValue] = useState(initial);
  const [seenOpen, setSeenOpen] = useState(open);
  // Each opening starts from the given date, not from what was typed last time.
  if (open !== seenOpen) {
    setSeenOpen(open);
    if (open) setValue(initial);
  }
  const outOfRange = value !== '' && (value < min || value > max);
  const localError = value === '' ? null : outOfRange ? `Choose a date from ${min} to ${max}.` : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (value === '' || outOfRange || pending) return;
    onConfirm(value);
  };

  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        if (!pending) onOpenChange(next);
      }}
      title={title}
      description={<p>{description}</p>}
      returnFocusTo={returnFocusTo}
    >
      <form className="date-dialog" onSubmit={submit} noValidate>
        <TextField
          label={label}
          type="date"
          min={min}
          max={max}
          required
          value={value}
          error={localError ?? error}
          onChange={(event) => setValue(event.target.value)}
        />
        <div className="dialog__footer">
          <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" loading={pending} disabled={value === '' || outOfRange}>
            {confirmLabel}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
