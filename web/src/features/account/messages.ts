/** The Account screen's own texts (deleting the account); its plan and billing texts are billing's. */
export const DELETE_ACCOUNT_FAILED_MESSAGE =
  'There was an error deleting your account. Please try again or contact us for assistance.';
