import { z } from 'zod';
import { emailSchema, personNameSchema } from './common';
import { DAILY_GOAL_MAX, DAILY_GOAL_MIN } from './follow-up';
import { passwordSchema } from './password';

export const PLANS = ['free', 'premium'] as const;
export type Plan = (typeof PLANS)[number];

/** "Open Tend on" in Settings: the screen a signed-in visit starts on. */
export const OPEN_ON_SCREENS = ['board', 'today'] as const;
export type OpenOnScreen = (typeof OPEN_ON_SCREENS)[number];

/** How often the reminder digest comes, when reminder emails are on. */
export const REMINDER_PERIODS = ['daily', 'weekly'] as const;
export type ReminderPeriod = (typeof REMINDER_PERIODS)[number];
/** The digest's weekday for weekly users: 0 Sunday to 6 Saturday (default Monday). */
export const DEFAULT_REMINDER_WEEKDAY = 1;
/** The local hour the digest goes out from (0 to 23; default 8, 08:00). */
export const DEFAULT_REMINDER_HOUR = 8;
export const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/** An IANA zone such as "Europe/Berlin"; "today" for date rules is the user's local date. */
export const timeZoneSchema = z
  .string()
  .max(64)
  .refine(
    (zone) => {
      try {
        new Intl.DateTimeFormat('en-US', { timeZone: zone });
        return true;
      } catch {
        return false;
      }
    },
    { error: 'Unknown time zone.' },
  );

/** The signed-in user as the API shows it to that user (never to anyone else). */
export const userSchema = z.object({
  id: z.number(),
  email: z.string(),
  name: z.string(),
  email_verified: z.boolean(),
  desired_email: z.string().nullable(),
  plan: z.enum(PLANS).nullable(),
  free_trial: z.boolean(),
  premium_expiry_date: z.string().nullable(),
  payment_issue: z.boolean(),
  stripe_id: z.string().nullable(),
  time_zone: z.string(),
  /** 'Email me follow-up reminders' in Settings (default on). */
  reminder_emails: z.boolean(),
  /** Follow-ups a day the Today page counts towards (1 to 20, default 3). */
  daily_goal: z.number(),
  /** 'Open Tend on' in Settings (default 'board'). */
  open_on: z.enum(OPEN_ON_SCREENS),
  /** The digest's period, weekday (weekly) and local hour; `reminder_emails` false is Off. */
  reminder_period: z.enum(REMINDER_PERIODS),
  reminder_weekday: z.number(),
  reminder_hour: z.number(),
  created_at: z.string(),
});
export type User = z.infer<typeof userSchema>;

/** `GET /api/session`: the user when signed in, otherwise an object without `id`. */
export type SessionResponse = User | Record<string, never>;

export const signUpRequestSchema = z.strictObject({
  email: emailSchema,
  name: personNameSchema,
  password: passwordSchema,
  time_zone: timeZoneSchema.optional(),
});
export type SignUpRequest = z.infer<typeof signUpRequestSchema>;

export const EMAIL_TAKEN_MESSAGE = 'Email address already exists';

export const loginRequestSchema = z.strictObject({
  // Login does not apply the sign-up format rule: an account's address is whatever was verified.
  email: z
    .string({ error: 'Email is required.' })
    .trim()
    .toLowerCase()
    .min(1, { error: 'Email is required.' })
    .max(254),
  password: z.string({ error: 'Password is required.' }).min(1, { error: 'Password is required.' }).max(256, {
    error: 'Password must be at most 256 characters.',
  }),
  time_zone: timeZoneSchema.optional(),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;
export const LOGIN_FAILED_MESSAGE = 'Invalid email or password.';

/** `PATCH /api/users/{id}`: only these fields; `plan` may only become `free` (premium comes from billing). */
export const updateUserRequestSchema = z
  .strictObject({
    id: z.number().int().positive().optional(),
    name: personNameSchema.optional(),
    plan: z
      .literal('free', { error: 'Plan can only be set to free here; premium is bought through checkout.' })
      .optional(),
    free_trial: z.literal(false, { error: 'free_trial can only be turned off.' }).optional(),
    time_zone: timeZoneSchema.optional(),
    reminder_emails: z.boolean({ error: 'Reminder emails must be on (true) or off (false).' }).optional(),
    daily_goal: z
      .number({ error: `Daily goal must be a whole number from ${DAILY_GOAL_MIN} to ${DAILY_GOAL_MAX}.` })
      .int({ error: `Daily goal must be a whole number from ${DAILY_GOAL_MIN} to ${DAILY_GOAL_MAX}.` })
      .min(DAILY_GOAL_MIN, { error: `Daily goal must be a whole number from ${DAILY_GOAL_MIN} to ${DAILY_GOAL_MAX}.` })
      .max(DAILY_GOAL_MAX, { error: `Daily goal must be a whole number from ${DAILY_GOAL_MIN} to ${DAILY_GOAL_MAX}.` })
      .optional(),
    open_on: z.enum(OPEN_ON_SCREENS, { error: "Open Tend on must be 'board' or 'today'." }).optional(),
    reminder_period: z.enum(REMINDER_PERIODS, { error: "Reminder emails come 'daily' or 'weekly'." }).optional(),
    reminder_weekday: z
      .number({ error: 'Reminder weekday must be a whole number from 0 (Sunday) to 6 (Saturday).' })
      .int({ error: 'Reminder weekday must be a whole number from 0 (Sunday) to 6 (Saturday).' })
      .min(0, { error: 'Reminder weekday must be a whole number from 0 (Sunday) to 6 (Saturday).' })
      .max(6, { error: 'Reminder weekday must be a whole number from 0 (Sunday) to 6 (Saturday).' })
      .optional(),
    reminder_hour: z
      .number({ error: 'Reminder hour must be a whole number from 0 to 23.' })
      .int({ error: 'Reminder hour must be a whole number from 0 to 23.' })
      .min(0, { error: 'Reminder hour must be a whole number from 0 to 23.' })
      .max(23, { error: 'Reminder hour must be a whole number from 0 to 23.' })
      .optional(),
    desired_email: emailSchema.optional(),
    password: passwordSchema.optional(),
    current_password: z.string().max(256).optional(),
  })
  .refine((body) => !(body.password || body.desired_email) || body.current_password, {
    error: 'Enter your current password to change your email address or password.',
    path: ['current_password'],
  });
export type UpdateUserRequest = z.infer<typeof updateUserRequestSchema>;
export const ORIGINAL_PASSWORD_INCORRECT_MESSAGE = 'Original password incorrect.';

/** An email change whose confirmation mail cannot go out now (the address's mail throttle). */
export const VERIFICATION_EMAIL_UNAVAILABLE_MESSAGE =
  'We are unable to send a verification email at this time. Please try again later.';

/** `DELETE /api/users/{id}`: deleting the account asks for the password again (re-authentication). */
export const PASSWORD_TO_DELETE_MESSAGE = 'Enter your password to delete your account.';
export const deleteAccountRequestSchema = z.strictObject({
  password: z
    .string({ error: PASSWORD_TO_DELETE_MESSAGE })
    .min(1, { error: PASSWORD_TO_DELETE_MESSAGE })
    .max(256, { error: 'Password must be at most 256 characters.' }),
});
export type DeleteAccountRequest = z.infer<typeof deleteAccountRequestSchema>;

export const sendEmailVerificationRequestSchema = z.strictObject({
  user_id: z.number().int().positive().optional(),
  is_update: z.boolean().optional(),
  desired_email: z.string().optional(),
  /** For a signed-out visitor on the confirmation screen. */
  email: z.string().max(254).optional(),
});
export type SendEmailVerificationRequest = z.infer<typeof sendEmailVerificationRequestSchema>;
export const VERIFICATION_SENT_MESSAGE = 'Verification email sent.';

export const verifyEmailRequestSchema = z.strictObject({
  token: z.string().min(1).max(200),
});
export type VerifyEmailRequest = z.infer<typeof verifyEmailRequestSchema>;
export const INVALID_VERIFICATION_LINK_MESSAGE =
  'This confirmation link is invalid or has expired. Request a new one below.';

export const forgotPasswordRequestSchema = z.strictObject({ email: emailSchema });
export type ForgotPasswordRequest = z.infer<typeof forgotPasswordRequestSchema>;
export const FORGOT_PASSWORD_SENT_MESSAGE = 'Email sent if the email address is associated with a Tend account.';

export const resetPasswordCheckRequestSchema = z.strictObject({
  email: z.string().max(254),
  token: z.string().max(200),
});
export const resetPasswordRequestSchema = z.strictObject({
  email: z.string().trim().toLowerCase().max(254),
  token: z.string().max(200),
  password: passwordSchema,
});
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequestSchema>;
export const INVALID_RESET_LINK_TITLE = 'Invalid Link';
export const INVALID_RESET_LINK_MESSAGE = 'The link you followed is invalid or expired. Please try again.';

export const validateUserRequestSchema = z.strictObject({
  email: z.string().trim().toLowerCase().max(254),
  password: z.string().max(256),
});
export type ValidateUserRequest = z.infer<typeof validateUserRequestSchema>;
