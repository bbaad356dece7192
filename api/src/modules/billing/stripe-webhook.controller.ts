import {
  BadRequestException,
  Controller,
  Headers,
  HttpCode,
  Inject,
  Post,
  Req,
  ServiceUnavailableException,
} from '@nestjs/common';
import { BILLING_NOT_CONFIGURED_MESSAGE } from '@tend/contracts';
import type { Request } from 'express';
import Stripe from 'stripe';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { CsrfExempt, Public } from '../../infra/http/access.decorators';
import { STRIPE_WEBHOOK_PATH } from '../../infra/http/configure-http';
import { STRIPE } from './stripe.provider';
import { SubscriptionSyncService, type EventOutcome } from './subscription-sync.service';

/** Stripe's own limit: a signature older than this is refused (a replay). */
const SIGNATURE_TOLERANCE_SECONDS = 300;

/**
 * Stripe's webhook: no session and no CSRF token (Stripe proves itself by signing the raw body,
 * which `configureHttp` keeps raw on this path only). A bad or stale signature answers 400 and
 * writes nothing; anything that fails after it answers 500, so Stripe delivers again.
 */
@Controller()
export class StripeWebhookController {
  constructor(
    @Inject(STRIPE) private readonly stripe: Stripe | null,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly sync: SubscriptionSyncService,
  ) {}

  @Public()
  @CsrfExempt()
  @Post(STRIPE_WEBHOOK_PATH)
  @HttpCode(200)
  async receive(
    @Req() req: Request,
    @Headers('stripe-signature') signature: string | undefined,
  ): Promise<{ received: true; outcome: EventOutcome }> {
    const secret = this.config.stripe?.webhookSecret;
    if (!this.stripe || !secret) throw new ServiceUnavailableException({ errors: [BILLING_NOT_CONFIGURED_MESSAGE] });
    if (!signature) throw new BadRequestException({ errors: ['Missing Stripe signature.'] });
    if (!Buffer.isBuffer(req.body)) throw new BadRequestException({ errors: ['Invalid Stripe signature.'] });
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(req.body, signature, secret, SIGNATURE_TOLERANCE_SECONDS);
    } catch (error) {
      if (error instanceof Stripe.errors.StripeSignatureVerificationError) {
        throw new BadRequestException({ errors: ['Invalid Stripe signature.'] });
      }
      throw error;
    }
    return { received: true, outcome: await this.sync.takeEvent(event) };
  }
}
