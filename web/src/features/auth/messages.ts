/** PRODUCT.md §8 texts used by the auth screens when the server gives no message of its own. */
export const SIGN_UP_FAILED_MESSAGE =
  'We are unable to sign you up. Please try again. If the problem persists, please contact us.';
export const LOG_IN_FAILED_MESSAGE =
  'We are unable to log you in. Please try again. If the problem persists, contact an administrator.';
export const RESEND_VERIFICATION_FAILED_MESSAGE =
  'Could not send verification email. Please contact us or try again later. ';
export const LOG_OUT_FAILED_MESSAGE = 'There was an error logging you out. Please try again.';
export const PASSWORDS_DO_NOT_MATCH_TOAST = 'Passwords do not match';
export const RESET_FAILED_MESSAGE = 'Could not update password.';
export const FORGOT_PASSWORD_FAILED_MESSAGE = 'We could not send the email. Please try again later.';
export const NO_EMAIL_INPUT_MESSAGE = 'No email input';
/** The spec's confirmation, shown once as the heading: the first sentence large, the second below. */
export const PASSWORD_UPDATED_TITLE = 'Password updated!';
export const PASSWORD_UPDATED_DETAIL = 'Please log in using your new password.';
export const EMAIL_UPDATED_MESSAGE = 'Email address updated!';
