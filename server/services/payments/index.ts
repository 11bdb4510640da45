/**
 * The payment provider the shop runs with: Stripe when STRIPE_SECRET_KEY is configured, the
 * sandbox otherwise. FPS is served by the sandbox's FPS part in both cases (Stripe has no FPS).
 */
import type { PaymentConfig, PaymentProvider, Scheduler, Clock } from './provider.ts';
import { createSandboxProvider, type SandboxProvider, type WebhookDelivery } from './sandbox.ts';
import type { SandboxStore } from './store.ts';

export interface PaymentProviderDeps {
  clock: Clock;
  scheduler: Scheduler;
  /** The sandbox's records (customers, cards, payments, FPS QR codes). */
  store: SandboxStore;
  /** Posts a sandbox webhook to the shop's webhook endpoint; true when accepted. */
  deliverWebhook: (delivery: WebhookDelivery) => Promise<boolean>;
  onDeliveryError?: (error: unknown, eventId: string) => void;
}

export interface ChosenProvider {
  provider: PaymentProvider;
  /** Always there: it serves FPS, and with no Stripe key everything else too (hosted pages, the FPS "pay" endpoint). */
  sandbox: SandboxProvider;
}

export async function createPaymentProvider(config: PaymentConfig, deps: PaymentProviderDeps): Promise<ChosenProvider> {
  const sandbox = createSandboxProvider({
    store: deps.store,
    clock: deps.clock,
    scheduler: deps.scheduler,
    deliver: deps.deliverWebhook,
    onDeliveryError: deps.onDeliveryError,
    webhookSecret: config.sandboxWebhookSecret,
    publicUrl: config.publicUrl,
    fps: config.fps,
  });
  if (!config.stripe) return { provider: sandbox, sandbox };
  // Loaded only when configured: the SDK is large and the default setup never needs it.
  const { createStripeClient, createStripeProvider, isStripeTestKey } = await import('./stripe.ts');
  const provider = createStripeProvider({
    client: createStripeClient(config.stripe.secretKey),
    webhookSecret: config.stripe.webhookSecret,
    fps: sandbox,
    allowCardTokenizing: isStripeTestKey(config.stripe.secretKey),
  });
  return { provider, sandbox };
}
