import { DAILY_GOAL_MAX, DAILY_GOAL_MIN, OPEN_ON_SCREENS, type OpenOnScreen, type User } from '@tend/contracts';
import { useId, useState } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { useNotify } from '@/components/ui/toast';
import { readErrorMessage } from '@/lib/api-client';
import { useUpdateDailyLoop, type DailyLoopChange } from '../api/update-daily-loop';
import { DAILY_LOOP_FAILED_MESSAGE, DAILY_LOOP_SAVED_MESSAGE } from '../messages';
import './daily-loop-section.css';

const SCREEN_LABELS: Record<OpenOnScreen, string> = { board: 'Board', today: 'Today' };
const GOALS = Array.from({ length: DAILY_GOAL_MAX - DAILY_GOAL_MIN + 1 }, (_, index) => DAILY_GOAL_MIN + index);

/**
 * 'Open Tend on: Board / Today' (where a signed-in visit starts; Board unless changed) and the
 * 'Daily goal' (how many follow-ups a day the Today page counts towards, 1 to 20). Each saves as
 * soon as it changes, like the reminder switch.
 */
export function DailyLoopSection({ user }: { user: User }) {
  const notify = useNotify();
  const update = useUpdateDailyLoop();
  const id = useId();
  // While saving, the controls show what was asked for, from the change event itself: a controlled
  // radio re-rendered before the mutation reports pending would snap back to the saved choice, and
  // the click would look lost (it did, under load, in the daily-loop journey).
  const [asked, setAsked] = useState<Omit<DailyLoopChange, 'userId'> | null>(null);
  const openOn = asked?.open_on ?? user.open_on;
  const goal = asked?.daily_goal ?? user.daily_goal;

  const save = (change: Omit<DailyLoopChange, 'userId'>) => {
    if (update.isPending) return;
    setAsked(change);
    update.mutate(
      { userId: user.id, ...change },
      {
        onSuccess: () => notify.success(DAILY_LOOP_SAVED_MESSAGE),
        onError: (error) => notify.error(readErrorMessage(error, DAILY_LOOP_FAILED_MESSAGE)),
        // By now the session holds the saved user (or the old one, after an error).
        onSettled: () => setAsked(null),
      },
    );
  };

  return (
    <section className="panel" aria-labelledby={`${id}-heading`} aria-busy={update.isPending || undefined}>
      <h2 id={`${id}-heading`} className="panel__title">
        Daily follow-ups
        {update.isPending ? <Spinner size={16} label="Saving" /> : null}
      </h2>
      <fieldset className="daily-loop__choice">
        <legend className="daily-loop__label">Open Tend on</legend>
        <p id={`${id}-open-hint`} className="panel__text">
          Where Tend starts when you sign in or open it.
        </p>
        <div className="daily-loop__options">
          {OPEN_ON_SCREENS.map((screen) => (
            <label key={screen} className="daily-loop__option">
              <input
                type="radio"
                name={`${id}-open-on`}
                value={screen}
                checked={openOn === screen}
                aria-describedby={`${id}-open-hint`}
                onChange={() => save({ open_on: screen })}
              />
              <span>{SCREEN_LABELS[screen]}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <div className="panel__row">
        <div>
          <label htmlFor={`${id}-goal`} className="daily-loop__label">
            Daily goal
          </label>
          <p id={`${id}-goal-hint`} className="panel__text">
            How many people you aim to follow up with each day; Today shows how far you are.
          </p>
        </div>
        <select
          id={`${id}-goal`}
          className="field__input field__select daily-loop__goal"
          aria-describedby={`${id}-goal-hint`}
          value={goal}
          onChange={(event) => save({ daily_goal: Number(event.target.value) })}
        >
          {GOALS.map((count) => (
            <option key={count} value={count}>
              {count} a day
            </option>
          ))}
        </select>
      </div>
    </section>
  );
}
