import { Body, Controller, Get, HttpCode, Post, Res } from '@nestjs/common';
import {
  CHECKOUT_ACTIVE_SUBSCRIPTION_MESSAGE,
  checkoutRequestSchema,
  DOWNGRADE_NO_SUBSCRIPTION_MESSAGE,
  DOWNGRADE_SUCCESS_MESSAGE,
  REACTIVATE_SUCCESS_MESSAGE,
  subscriptionActionRequestSchema,
  type BillingPlans,
  type BillingUrlResponse,
  type CheckoutRequest,
  type CustomerInfo,
  type SubscriptionActionRequest,
} from '@tend/contracts';
import type { Response } from 'express';
import { z } from 'zod';
import { ZodValidationPipe } from '../../infra/http/zod-validation.pipe';
import { SignedIn } from '../users/request-user';
import type { SignedInUser } from '../users/signed-in-user-cache';
import { BillingService } from './billing.service';

interface MessageResponse {
  message: string;
}

/** The billing portal takes nothing: it is always the caller's own customer. */
const portalRequestSchema = z.strictObject({});

/** The billing calls of PRODUCT.md §7 and the portal and reactivation it leaves open. */
@Controller('api')
export class BillingController {
  constructor(private readonly billing: BillingService) {}

  /** 200 with the checkout address in `Location` (and the body); 201 when a subscription already runs. */
  @Post('create-checkout-session')
  @HttpCode(200)
  async createCheckoutSession(
    @Body(new ZodValidationPipe(checkoutRequestSchema)) body: CheckoutRequest,
    @SignedIn() user: SignedInUser,
    @Res({ passthrough: true }) res: Response,
  ): Promise<BillingUrlResponse | MessageResponse> {
    const result = await this.billing.createCheckout(user, body);
    if (result.kind === 'already-subscribed') {
      res.status(201);
      return { message: CHECKOUT_ACTIVE_SUBSCRIPTION_MESSAGE };
    }
    res.setHeader('Location', result.url);
    return { url: result.url };
  }

  /** 200: set to end with the period (benefits kept until then); 201: no active subscription. */
  @Post('cancel-subscription')
  @HttpCode(200)
  async cancelSubscription(
    @Body(new ZodValidationPipe(subscriptionActionRequestSchema)) body: SubscriptionActionRequest,
    @SignedIn() user: SignedInUser,
    @Res({ passthrough: true }) res: Response,
  ): Promise<MessageResponse> {
    if ((await this.billing.cancel(user, body.userId)) === 'none') {
      res.status(201);
      return { message: DOWNGRADE_NO_SUBSCRIPTION_MESSAGE };
    }
    return { message: DOWNGRADE_SUCCESS_MESSAGE };
  }

  @Post('reactivate-subscription')
  @HttpCode(200)
  async reactivateSubscription(
    @Body(new ZodValidationPipe(subscriptionActionRequestSchema)) body: SubscriptionActionRequest,
    @SignedIn() user: SignedInUser,
  ): Promise<MessageResponse> {
    await this.billing.reactivate(user, body.userId);
    return { message: REACTIVATE_SUCCESS_MESSAGE };
  }

  /** The caller's Stripe billing portal (the SPA opens it in a new tab without opener access). */
  @Post('billing-portal')
  @HttpCode(200)
  async billingPortal(
    @Body(new ZodValidationPipe(portalRequestSchema)) _body: object,
    @SignedIn() user: SignedInUser,
    @Res({ passthrough: true }) res: Response,
  ): Promise<BillingUrlResponse> {
    const url = await this.billing.portal(user);
    res.setHeader('Location', url);
    return { url };
  }

  /** What the plan screen offers beside the spec's monthly Premium (an annual price, if any). */
  @Get('billing/plans')
  plans(): Promise<BillingPlans> {
    return this.billing.plans();
  }

  /** The spec's spelling. */
  @Get('retreive-customer-info')
  retrieveCustomerInfo(@SignedIn() user: SignedInUser): Promise<CustomerInfo> {
    return this.billing.customerInfo(user);
  }
}
