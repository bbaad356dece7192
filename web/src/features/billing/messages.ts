/** PRODUCT.md §8 texts for plans and billing. */
export const CHECKOUT_ACTIVE_SUBSCRIPTION_MESSAGE =
  'There is an active subscription associated with this account. Please manage your subscription through the Stripe portal.';
export const CHECKOUT_FAILED_MESSAGE =
  'There was an error upgrading your plan. Please try again or contact us for assistance.';
export const DOWNGRADE_SUCCESS_MESSAGE =
  'You have successfully downgraded your subscription but will retain your benefits until your subscription expires.';
export const DOWNGRADE_NO_SUBSCRIPTION_MESSAGE =
  'There is no active Stripe subscription associated with this account. Please contact us for assistance.';
export const DOWNGRADE_FAILED_MESSAGE =
  'There was an error downgrading your subscription. Please try again or contact us for assistance.';
export const DELETE_ACCOUNT_FAILED_MESSAGE =
  'There was an error deleting your account. Please try again or contact us for assistance.';
export const PLAN_NOT_UPDATED_MESSAGE =
  'Your payment succeeded, but your plan was not updated properly. Please contact us so we can fix it.';
export const SELECT_PLAN_FAILED_MESSAGE = 'We could not save your plan. Please try again.';
export const EMAIL_NOT_AVAILABLE = 'email not available';
