import { useEffect, useState } from 'react';
import { CHUNK_LOAD_TIMEOUT_MS, withTimeout } from '../../app/lazy-screen.ts';
import type { CreatePaymentStep } from './payment-step.actors.ts';

let loaded: CreatePaymentStep | undefined;
let loading: Promise<CreatePaymentStep> | undefined;

/**
 * Fetches the payment step's chunk (payment-step.actors.ts), once; after a failure, again on the next call.
 * A checkout screen calls it as its own chunk runs, so that the flow, which needs it to start, rarely waits.
 */
export function preloadPaymentStep(): Promise<CreatePaymentStep> {
  return (loading ??= withTimeout(import('./payment-step.actors.ts'), CHUNK_LOAD_TIMEOUT_MS).then(
    (m) => (loaded = m.createPaymentStep),
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  ));
}

/**
 * `createPaymentStep`, once its chunk is in (undefined until then). A checkout flow invokes the step as soon
 * as it reaches payment, at once when it resumes one, so XState needs it when the flow is made. A chunk that
 * failed to load throws, to the route's error screen and its Try again, as the screen's own chunk would.
 */
export function usePaymentStep(): CreatePaymentStep | undefined {
  const [step, setStep] = useState(() => loaded);
  const [failure, setFailure] = useState<{ error: unknown }>();
  useEffect(() => {
    if (step) return;
    let mounted = true;
    preloadPaymentStep().then(
      (create) => mounted && setStep(() => create),
      (error: unknown) => mounted && setFailure({ error }),
    );
    return () => {
      mounted = false;
    };
  }, [step]);
  if (failure) throw failure.error;
  return step;
}
