import { CalendarDays } from 'lucide-react';
import { SNOOZE_CHOICES } from '@/lib/follow-ups';
import { MenuItem, MenuSeparator } from './menu';

interface SnoozeMenuItemsProps {
  /** Whose follow-up it is: each item is named for them ("Snooze Ada Lovelace 1 week"). */
  name: string;
  onSnoozeDays: (days: number) => void;
  /** "A date...": the caller opens a date picker (a dialog outlives the menu that asked for it). */
  onPickDate: () => void;
}

/** The Snooze choices of the Today page and the bell: 2 days, 1 week, 1 month, or a date. */
export function SnoozeMenuItems({ name, onSnoozeDays, onPickDate }: SnoozeMenuItemsProps) {
  return (
    <>
      {SNOOZE_CHOICES.map((choice) => (
        <MenuItem
          key={choice.days}
          aria-label={`Snooze ${name} ${choice.label}`}
          onSelect={() => onSnoozeDays(choice.days)}
        >
          {choice.label}
        </MenuItem>
      ))}
      <MenuSeparator />
      <MenuItem
        icon={<CalendarDays size={16} aria-hidden="true" />}
        aria-label={`Snooze ${name} until a date`}
        onSelect={onPickDate}
      >
        A date...
      </MenuItem>
    </>
  );
}
