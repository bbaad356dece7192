/** PRODUCT.md §8 texts for the settings screen. */

/** Email update failures, each where its case happens (see `emailUpdateFailureMessage`). */
export const EMAIL_UPDATE_FAILED_MESSAGE = 'There was a problem updating your email.';
export const EMAIL_NOT_SAVED_MESSAGE = 'Could not update email in the database.';
export const EMAIL_UPDATE_NOT_SENT_MESSAGE = 'Email update failed.';
export const PASSWORD_UPDATE_FAILED_MESSAGE = 'Could not update password.';
export const LOG_OUT_AFTER_PASSWORD_FAILED_MESSAGE = 'There was an error logging you out. Please try again.';
export const REMINDER_EMAILS_ON_MESSAGE = 'Follow-up reminder emails are on.';
export const REMINDER_EMAILS_OFF_MESSAGE = 'Follow-up reminder emails are off.';
export const REMINDER_SCHEDULE_SAVED_MESSAGE = 'Reminder schedule saved.';
export const REMINDER_EMAILS_FAILED_MESSAGE = 'Your reminder email setting could not be saved. Please try again.';
/** Export (issue 14): the spec is silent; these say what happened and what to do. */
export const EXPORT_NOT_STARTED_MESSAGE = 'The export could not be started. Please try again.';
export const EXPORT_FAILED_MESSAGE = 'The export could not be built. Please try again.';
/** The daily loop's settings (issue 24): 'Open Tend on' and the daily goal. */
export const DAILY_LOOP_SAVED_MESSAGE = 'Your daily follow-up settings are saved.';
export const DAILY_LOOP_FAILED_MESSAGE = 'Your daily follow-up settings could not be saved. Please try again.';
