import type { TodayItem } from '@tend/contracts';
import { CalendarCheck, CalendarClock, Columns3, FileUp } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Button, buttonClassName } from '@/components/ui/button';
import { DateDialog } from '@/components/ui/date-dialog';
import { PageHeader } from '@/components/ui/page-header';
import { PageSpinner } from '@/components/ui/spinner';
import { useFollowUpActions } from '@/components/ui/use-follow-up-actions';
import { readErrorMessage } from '@/lib/api-client';
import { userToday } from '@/lib/follow-ups';
import { ROUTES } from '@/lib/routes';
import { useCurrentUser } from '@/lib/session';
import { useToday } from '../api/get-today';
import { TodayRow } from './today-row';
import './today-page.css';

/** "2 of 3 today": the daily goal (Settings), with a bar; past the goal it says so. */
function GoalLine({ done, goal }: { done: number; goal: number }) {
  const reached = done >= goal;
  return (
    <div className={`today-goal${reached ? ' today-goal--reached' : ''}`}>
      <p className="today-goal__text">
        <strong>
          {done} of {goal}
        </strong>{' '}
        today
        {reached ? <span className="today-goal__note"> · Daily goal reached</span> : null}
      </p>
      <div className="today-goal__bar" aria-hidden="true">
        <span style={{ width: `${Math.min(100, Math.round((done / Math.max(1, goal)) * 100))}%` }} />
      </div>
    </div>
  );
}

/** Nobody is due or upcoming: what to do so that people show here. */
function TodayEmpty() {
  return (
    <div className="today-empty">
      <CalendarCheck size={32} aria-hidden="true" className="today-empty__icon" />
      <h2 className="today-empty__title">No one to contact this week</h2>
      <p className="today-empty__text">People show here when a follow-up is due. To get some:</p>
      <ul className="today-empty__steps">
        <li>
          <Columns3 size={16} aria-hidden="true" />
          <span>
            <strong>Set a cadence on a column</strong>: open a column&apos;s calendar menu on the board and pick how
            often its people are due (every 14 days, every 60 days...).
          </span>
        </li>
        <li>
          <CalendarClock size={16} aria-hidden="true" />
          <span>
            <strong>Schedule someone</strong>: choose &ldquo;Schedule follow-up...&rdquo; in a card&apos;s menu, or log
            an interaction with a next contact date.
          </span>
        </li>
        <li>
          <FileUp size={16} aria-hidden="true" />
          <span>
            <strong>Import your network</strong>: bring in your LinkedIn connections or address book.
          </span>
        </li>
      </ul>
      <div className="today-empty__actions">
        <Link to={ROUTES.board} className={buttonClassName({})}>
          Go to the board
        </Link>
        <Link to={ROUTES.import} className={buttonClassName({ variant: 'secondary' })}>
          Import contacts
        </Link>
      </div>
    </div>
  );
}

interface SectionProps {
  id: string;
  title: string;
  items: readonly TodayItem[];
  today: string;
  actions: ReturnType<typeof useFollowUpActions>;
}

function TodaySection({ id, title, items, today, actions }: SectionProps) {
  if (items.length === 0) return null;
  return (
    <section className="today-section" aria-labelledby={id}>
      <h2 id={id} className="today-section__title">
        {title} <span className="today-section__count">({items.length})</span>
      </h2>
      <ul className="today-section__list">
        {items.map((item) => {
          const target = { contactId: item.id, name: item.name };
          return (
            <TodayRow
              key={item.id}
              item={item}
              today={today}
              pending={actions.pendingId === item.id}
              onDone={() => actions.markDone(target)}
              onSnoozeDays={(days) => actions.snoozeFor(target, { days })}
              onPickDate={() => actions.setPickDateFor(target)}
            />
          );
        })}
      </ul>
    </section>
  );
}

/**
 * `/today` (issue 24): who to contact today. Overdue (oldest first), due today, and the next seven
 * days, each person with Draft, Done and Snooze; the daily goal above them.
 */
export function TodayPage() {
  const user = useCurrentUser();
  const today = userToday(user.time_zone);
  const query = useToday();
  const actions = useFollowUpActions(today);

  let content;
  if (query.isPending) content = <PageSpinner label="Loading who to contact today" />;
  else if (query.isError) {
    content = (
      <div className="empty-state" role="alert">
        <p>{readErrorMessage(query.error, 'Your list for today could not be loaded.')}</p>
        <Button onClick={() => void query.refetch()} loading={query.isFetching}>
          Try again
        </Button>
      </div>
    );
  } else {
    const { overdue, due, upcoming, goal, done_today: doneToday } = query.data;
    const empty = overdue.length + due.length + upcoming.length === 0;
    content = (
      <>
        <GoalLine done={doneToday} goal={goal} />
        {empty ? (
          <TodayEmpty />
        ) : (
          <>
            <TodaySection id="today-overdue" title="Overdue" items={overdue} today={today} actions={actions} />
            <TodaySection id="today-due" title="Due today" items={due} today={today} actions={actions} />
            {overdue.length + due.length === 0 ? (
              <p className="today-caught-up">No one is due today. These people come due this week.</p>
            ) : null}
            <TodaySection id="today-upcoming" title="Upcoming" items={upcoming} today={today} actions={actions} />
          </>
        )}
      </>
    );
  }

  return (
    <div className="page today-page">
      <PageHeader title="Today" />
      {content}
      <DateDialog {...actions.snoozeDateDialog} />
    </div>
  );
}
