import { setImmediate as nextTurn } from 'node:timers/promises';

/**
 * Long work on the event loop that every request shares (reading an uploaded file of 30,000 rows),
 * cut into slices: `yieldIfDue()` gives the loop a turn (I/O, timers, other requests) once the work
 * has held it for `budgetMs` since its last turn. Call it between small units of work (a row, a
 * chunk of text); a unit must itself stay far below the budget.
 */
export class TimeSlice {
  private since = performance.now();

  constructor(private readonly budgetMs = 5) {}

  async yieldIfDue(): Promise<void> {
    if (performance.now() - this.since < this.budgetMs) return;
    await nextTurn();
    this.since = performance.now();
  }
}
