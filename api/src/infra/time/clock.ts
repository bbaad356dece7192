import { Injectable } from '@nestjs/common';
import { localDate } from '@tend/contracts';

/**
 * The app's "now". Everything that compares against the current time (token lifetimes, a user's
 * today, reminders, premium expiry) asks this provider instead of `new Date()`, so a test can move
 * one app's time without patching globals or sleeping.
 */
@Injectable()
export class Clock {
  private offsetMs = 0;

  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }

  nowMs(): number {
    return Date.now() + this.offsetMs;
  }

  /** The user's local date now (`YYYY-MM-DD` in their time zone): "today" for every date rule. */
  today(user: { timeZone: string }): string {
    return localDate(user.timeZone, this.now());
  }

  /** For tests: moves this app's time by `ms` (time keeps running from there). */
  advance(ms: number): void {
    this.offsetMs += ms;
  }

  /** For tests: makes "now" equal `at` (time keeps running from there). */
  set(at: Date): void {
    this.offsetMs = at.getTime() - Date.now();
  }
}
