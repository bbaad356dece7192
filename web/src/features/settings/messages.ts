/** Spec section 8 texts for the settings screen. */
export const EMAIL_UPDATE_FAILED_MESSAGE = 'There was a problem updating your email.';
export const PASSWORD_UPDATE_FAILED_MESSAGE = 'Could not update password.';
export const LOG_OUT_AFTER_PASSWORD_FAILED_MESSAGE = 'There was an error logging you out. Please try again.';
