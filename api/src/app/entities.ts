import { EmailToken } from '../modules/auth/email-token.entity';
import { BillingSubscription } from '../modules/billing/billing-subscription.entity';
import { StripeEvent } from '../modules/billing/stripe-event.entity';
import { Contact } from '../modules/contacts/contact.entity';
import { MailMessage } from '../modules/mail/mail-message.entity';
import { Tier } from '../modules/tiers/tier.entity';
import { User } from '../modules/users/user.entity';
import { HttpSession } from '../modules/auth/sessions/http-session.entity';
import { RateLimitBucket } from '../infra/http/rate-limit-bucket.entity';
import { TaskRun } from '../infra/schedule/task-run.entity';
import { Interaction } from '../modules/interactions/interaction.entity';
import { ReminderDelivery } from '../modules/reminders/reminder-delivery.entity';
import { ImportRow } from '../modules/imports/import-row.entity';
import { ImportRun } from '../modules/imports/import-run.entity';
import { DataExport } from '../modules/exports/data-export.entity';
import { ExtensionToken } from '../modules/extension-tokens/extension-token.entity';
import { CalendarFeed } from '../modules/calendar/calendar-feed.entity';

/** Every entity, listed once, so builds never depend on file globs. */
export const ENTITIES = [
  User,
  EmailToken,
  Tier,
  Contact,
  MailMessage,
  HttpSession,
  RateLimitBucket,
  TaskRun,
  Interaction,
  ReminderDelivery,
  ImportRun,
  ImportRow,
  DataExport,
  BillingSubscription,
  StripeEvent,
  ExtensionToken,
  CalendarFeed,
];
