import type { User as UserResponse } from '@tend/contracts';
import type { SignedInUser } from './signed-in-user-cache';

/** The only way a user leaves the API: never a hash, never a token. */
export function toUserResponse(user: SignedInUser): UserResponse {
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    email_verified: user.emailVerified,
    desired_email: user.desiredEmail,
    plan: user.plan,
    free_trial: user.freeTrial,
    premium_expiry_date: user.premiumExpiryDate?.toISOString() ?? null,
    payment_issue: user.paymentIssue,
    stripe_id: user.stripeId,
    time_zone: user.timeZone,
    reminder_emails: user.reminderEmails,
    daily_goal: user.dailyGoal,
    open_on: user.openOn,
    reminder_period: user.reminderPeriod,
    reminder_weekday: user.reminderWeekday,
    reminder_hour: user.reminderHour,
    created_at: user.createdAt.toISOString(),
  };
}
