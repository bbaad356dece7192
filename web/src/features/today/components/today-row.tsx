import { CARD_TRUNCATION, daysBetween, truncate, type TodayItem } from '@tend/contracts';
import { Check, ChevronDown, Clock, PenLine } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Avatar } from '@/components/ui/avatar';
import { Button, buttonClassName } from '@/components/ui/button';
import { FollowUpChip } from '@/components/ui/follow-up-chip';
import { Menu } from '@/components/ui/menu';
import { SnoozeMenuItems } from '@/components/ui/snooze-menu-items';
import { contactFollowUpPath } from '@/lib/routes';

/** "Last contact 21 days ago", "Last contact today", or "Never contacted". */
export function lastContactWords(lastOn: string | null, today: string): string {
  if (lastOn === null) return 'Never contacted';
  const days = Math.max(0, daysBetween(lastOn, today));
  if (days === 0) return 'Last contact today';
  return `Last contact ${days} ${days === 1 ? 'day' : 'days'} ago`;
}

interface TodayRowProps {
  item: TodayItem;
  today: string;
  /** Done or Snooze for this person is on its way. */
  pending: boolean;
  onDone: () => void;
  onSnoozeDays: (days: number) => void;
  onPickDate: () => void;
}

/**
 * One person to contact (issue 24): photo, name, title, company, column, last contact and the last
 * note's first line; then Draft (their Follow-up tab), Done (one click, with an Undo in its toast)
 * and Snooze (2 days, 1 week, 1 month, a date).
 */
export function TodayRow({ item, today, pending, onDone, onSnoozeDays, onPickDate }: TodayRowProps) {
  const headingId = `today-row-${item.id}`;
  const role = [item.title, item.company].filter(Boolean).join(' at ');
  return (
    <li className="today-row" aria-labelledby={headingId}>
      <Avatar name={item.name} src={item.photo_url} size={44} className="today-row__avatar" />
      <div className="today-row__person">
        <p className="today-row__name-line">
          <span id={headingId} className="today-row__name">
            {item.name}
          </span>
          <FollowUpChip nextOn={item.next_follow_up_on} today={today} />
        </p>
        {role ? <p className="today-row__role">{role}</p> : null}
        <p className="today-row__meta">
          <span className="today-row__column" title={item.tier_name}>
            {truncate(item.tier_name, CARD_TRUNCATION.tier)}
          </span>
          <span>{lastContactWords(item.last_contacted_on, today)}</span>
        </p>
        {item.last_note ? (
          <p className="today-row__note" title={item.last_note}>
            <span className="visually-hidden">Last note: </span>
            {item.last_note}
          </p>
        ) : null}
      </div>
      <div className="today-row__actions">
        <Link
          className={buttonClassName({ variant: 'secondary', size: 'sm' })}
          to={contactFollowUpPath(item.id)}
          aria-label={`Draft a follow-up to ${item.name}`}
        >
          <PenLine size={14} aria-hidden="true" />
          Draft
        </Link>
        <Button
          size="sm"
          icon={<Check size={14} aria-hidden="true" />}
          aria-label={`Done: ${item.name}`}
          loading={pending}
          onClick={onDone}
        >
          Done
        </Button>
        <Menu
          label={`Snooze ${item.name}`}
          align="end"
          trigger={
            <button
              type="button"
              className={buttonClassName({ variant: 'ghost', size: 'sm' })}
              aria-label={`Snooze ${item.name}`}
              disabled={pending}
            >
              <Clock size={14} aria-hidden="true" />
              Snooze
              <ChevronDown size={14} aria-hidden="true" />
            </button>
          }
        >
          <SnoozeMenuItems name={item.name} onSnoozeDays={onSnoozeDays} onPickDate={onPickDate} />
        </Menu>
      </div>
    </li>
  );
}
