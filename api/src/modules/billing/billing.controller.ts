import { Body, Controller, Get, HttpCode, Post, ServiceUnavailableException } from '@nestjs/common';
import { BILLING_NOT_CONFIGURED_MESSAGE, checkoutRequestSchema, type CheckoutRequest } from '@tend/contracts';
import { ZodValidationPipe } from '../../infra/http/zod-validation.pipe';

/**
 * The spec's billing calls. Stripe checkout, portal and webhooks arrive with the billing issue;
 * until then every call explains that billing is not configured (503), and the free plan works.
 */
@Controller('api')
export class BillingController {
  @Post('create-checkout-session')
  @HttpCode(200)
  createCheckoutSession(@Body(new ZodValidationPipe(checkoutRequestSchema)) _body: CheckoutRequest): never {
    throw new ServiceUnavailableException({ errors: [BILLING_NOT_CONFIGURED_MESSAGE] });
  }

  @Post('cancel-subscription')
  @HttpCode(200)
  cancelSubscription(): never {
    throw new ServiceUnavailableException({ errors: [BILLING_NOT_CONFIGURED_MESSAGE] });
  }

  @Get('retreive-customer-info')
  retrieveCustomerInfo(): never {
    throw new ServiceUnavailableException({ errors: [BILLING_NOT_CONFIGURED_MESSAGE] });
  }
}
