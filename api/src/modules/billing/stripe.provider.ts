import type { Provider } from '@nestjs/common';
import Stripe from 'stripe';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';

/** Injection token of the Stripe client: null while billing is off (no STRIPE_* configured). */
export const STRIPE = Symbol('STRIPE');

/** The official SDK, pointed at `STRIPE_API_BASE` when set (stripe-mock, the tests' fake). */
export function createStripeClient(config: NonNullable<AppConfig['stripe']>): Stripe {
  const base = config.apiBase ? new URL(config.apiBase) : undefined;
  return new Stripe(config.secretKey, {
    maxNetworkRetries: 2,
    timeout: 10_000,
    telemetry: false,
    appInfo: { name: 'Tend' },
    ...(base
      ? {
          host: base.hostname,
          port: base.port || (base.protocol === 'https:' ? 443 : 80),
          protocol: base.protocol === 'https:' ? 'https' : 'http',
        }
      : {}),
  });
}

export const stripeProvider: Provider = {
  provide: STRIPE,
  inject: [APP_CONFIG],
  useFactory: (config: AppConfig): Stripe | null => (config.stripe ? createStripeClient(config.stripe) : null),
};
