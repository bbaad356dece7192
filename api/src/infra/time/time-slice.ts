import { setImmediate as nextTurn } from 'node:timers/promises';

/**
 * Long work on the event loop that every request shares (reading an uploaded file of 30,000 rows),
 * cut into slices: between small units of work, `if (slice.due()) await slice.pause()` gives the
 * loop a turn (I/O, timers, other requests) once the work has held it for `budgetMs` since its
 * last turn. A unit must itself stay far below the budget. `due()` is a clock read, so a loop may
 * ask after every unit; awaiting after every unit would not be free (each await makes a promise,
 * and this app tracks promises for its request contexts).
 */
export class TimeSlice {
  private since = performance.now();

  constructor(private readonly budgetMs = 3) {}

  due(): boolean {
    return performance.now() - this.since >= this.budgetMs;
  }

  async pause(): Promise<void> {
    await nextTurn();
    this.since = performance.now();
  }
}
