import { followUpChip } from '@/lib/follow-ups';
import './follow-up-chip.css';

/**
 * "Overdue 5 d", "Due today" or "In 3 d" (issue 24), on the board's cards and the Today page; nothing
 * when the follow-up is not within the week. Screen readers hear "Follow-up overdue by 5 days".
 */
export function FollowUpChip({ nextOn, today }: { nextOn: string | null; today: string }) {
  const chip = followUpChip(nextOn, today);
  if (!chip) return null;
  return (
    <span className={`follow-up-chip follow-up-chip--${chip.tone}`}>
      <span aria-hidden="true">{chip.short}</span>
      <span className="visually-hidden">{chip.long}. </span>
    </span>
  );
}
