import { CADENCE_MAX_DAYS, CADENCE_MIN_DAYS, CADENCE_RANGE_MESSAGE, type Tier } from '@tend/contracts';
import { CalendarClock } from 'lucide-react';
import { memo, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/dialog';
import { Menu, MenuItem, MenuLabel, MenuRadioGroup, MenuRadioItem, MenuSeparator } from '@/components/ui/menu';
import { TextField } from '@/components/ui/text-field';
import { useSetTierCadence } from '../api/set-tier-cadence';
import { CADENCE_CHOICES, cadenceWords } from '../messages';

const NONE = 'none';

/** A whole number of days from 1 to 365, or null. */
function parseCadence(text: string): number | null {
  if (!/^\d+$/.test(text.trim())) return null;
  const days = Number(text.trim());
  return days >= CADENCE_MIN_DAYS && days <= CADENCE_MAX_DAYS ? days : null;
}

/** "Custom...": any cadence from 1 to 365 days. */
function CustomCadenceDialog({
  tier,
  open,
  onOpenChange,
}: {
  tier: Tier;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const setCadence = useSetTierCadence();
  const [text, setText] = useState(String(tier.cadence_days ?? ''));
  const [touched, setTouched] = useState(false);
  const [seenOpen, setSeenOpen] = useState(open);
  if (open !== seenOpen) {
    setSeenOpen(open);
    if (open) {
      setText(String(tier.cadence_days ?? ''));
      setTouched(false);
    }
  }
  const days = parseCadence(text);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (days === null) return;
    setCadence.mutate({ id: tier.id, cadenceDays: days }, { onSuccess: () => onOpenChange(false) });
  };
  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        if (!setCadence.isPending) onOpenChange(next);
      }}
      title={`Follow-up cadence of ${tier.name}`}
      description={<p>How often people in this column are due, in days. A card's own cadence, when set, wins.</p>}
    >
      <form onSubmit={submit} noValidate>
        <TextField
          label="Every how many days"
          type="number"
          inputMode="numeric"
          min={CADENCE_MIN_DAYS}
          max={CADENCE_MAX_DAYS}
          step={1}
          required
          value={text}
          error={touched && days === null ? CADENCE_RANGE_MESSAGE : null}
          onChange={(event) => setText(event.target.value)}
        />
        <div className="dialog__footer">
          <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={setCadence.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={setCadence.isPending}>
            Save cadence
          </Button>
        </div>
      </form>
    </Modal>
  );
}

/**
 * A column's follow-up cadence (issue 24): the menu says it ("every 14 days") and sets it (None, 7,
 * 14, 30, 60, 90 days, or a custom 1 to 365). Cards in the column come due that many days after
 * their last contact, or after entering the column when never contacted. Memoised, and its dialog
 * mounted only while open: the header re-renders on every keystroke of the filter, and a menu's and
 * a dialog's roots per column doubled the cost of typing on a full board.
 */
export const CadenceMenu = memo(function CadenceMenu({ tier }: { tier: Tier }) {
  const setCadence = useSetTierCadence();
  const [customOpen, setCustomOpen] = useState(false);
  const current = tier.cadence_days;
  const custom = current !== null && !(CADENCE_CHOICES as readonly number[]).includes(current);
  const choose = (value: string) => {
    const days = value === NONE ? null : Number(value);
    if (days !== current) setCadence.mutate({ id: tier.id, cadenceDays: days });
  };
  return (
    <>
      <Menu
        label={`Follow-up cadence of ${tier.name}`}
        align="end"
        trigger={
          <button
            type="button"
            className={`icon-btn icon-btn--sm tier-column__cadence${current === null ? '' : ' tier-column__cadence--set'}`}
            aria-label={`Follow-up cadence of ${tier.name}: ${cadenceWords(current)}`}
            title={current === null ? 'Set a follow-up cadence' : `Follow up ${cadenceWords(current)}`}
          >
            <CalendarClock size={14} aria-hidden="true" />
          </button>
        }
      >
        <MenuLabel>{current === null ? 'No follow-up cadence' : `Follow up ${cadenceWords(current)}`}</MenuLabel>
        <MenuSeparator />
        <MenuRadioGroup value={current === null ? NONE : String(current)} onValueChange={choose}>
          <MenuRadioItem value={NONE}>None</MenuRadioItem>
          {CADENCE_CHOICES.map((days) => (
            <MenuRadioItem key={days} value={String(days)}>
              Every {days} days
            </MenuRadioItem>
          ))}
          {custom ? <MenuRadioItem value={String(current)}>{`Every ${current} days`}</MenuRadioItem> : null}
        </MenuRadioGroup>
        <MenuSeparator />
        <MenuItem onSelect={() => setCustomOpen(true)}>Custom...</MenuItem>
      </Menu>
      {customOpen ? <CustomCadenceDialog tier={tier} open onOpenChange={setCustomOpen} /> : null}
    </>
  );
});
