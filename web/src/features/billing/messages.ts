/** PRODUCT.md §8 texts for plans and billing (the API answers with the same sentences). */
export {
  BILLING_NOT_CONFIGURED_MESSAGE,
  CHECKOUT_ACTIVE_SUBSCRIPTION_MESSAGE,
  CHECKOUT_FAILED_MESSAGE,
  DOWNGRADE_FAILED_MESSAGE,
  DOWNGRADE_NO_SUBSCRIPTION_MESSAGE,
  DOWNGRADE_SUCCESS_MESSAGE,
  PORTAL_FAILED_MESSAGE,
  REACTIVATE_FAILED_MESSAGE,
  REACTIVATE_SUCCESS_MESSAGE,
} from '@tend/contracts';
export const PLAN_NOT_UPDATED_MESSAGE =
  'Your payment succeeded, but your plan was not updated properly. Please contact us so we can fix it.';
export const SELECT_PLAN_FAILED_MESSAGE = 'We could not save your plan. Please try again.';
export const EMAIL_NOT_AVAILABLE = 'email not available';
export const PAYMENT_ISSUE_TITLE = 'There is an issue with your payment method.';
