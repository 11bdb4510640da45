/**
 * Apple Pay / Google Pay through the browser's Payment Request API, via Stripe (its Payment Request
 * Button API) when the shop is configured with Stripe: the server puts the publishable key in a meta
 * tag of index.html (`sg-stripe-key`). Without a key, without the Payment Request API, or when the
 * browser has no wallet ready, the wallet is "not supported on this device" (spec §8).
 */
import { useEffect, useState } from 'react';
import type { Currency } from '../../../contract/index.ts';

export type WalletState = { status: 'checking' } | { status: 'unsupported' } | { status: 'supported'; name: string };

/** The small part of Stripe.js this uses. */
interface StripeJs {
  paymentRequest(options: {
    country: string;
    currency: string;
    total: { label: string; amount: number };
  }): StripePaymentRequest;
}
interface StripePaymentRequest {
  canMakePayment(): Promise<{ applePay?: boolean; googlePay?: boolean } | null>;
  on(event: 'paymentmethod', handler: (ev: WalletPaymentEvent) => void): void;
  on(event: 'cancel', handler: () => void): void;
  show(): void;
}
export interface WalletPaymentEvent {
  paymentMethod: { id: string };
  complete(status: 'success' | 'fail'): void;
}

const stripeKey = () =>
  typeof document === 'undefined' ? undefined : document.querySelector('meta[name="sg-stripe-key"]')?.getAttribute('content') || undefined;

let stripeLoading: Promise<StripeJs> | undefined;
function loadStripe(key: string): Promise<StripeJs> {
  stripeLoading ??= new Promise<StripeJs>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = 'https://js.stripe.com/v3/';
    script.async = true;
    script.onload = () => {
      const factory = (window as unknown as { Stripe?: (key: string) => StripeJs }).Stripe;
      if (factory) resolve(factory(key));
      else reject(new Error('Stripe.js did not load'));
    };
    script.onerror = () => reject(new Error('Stripe.js did not load'));
    document.head.append(script);
  }).catch((error: unknown) => {
    stripeLoading = undefined;
    throw error;
  });
  return stripeLoading;
}

function paymentRequest(stripe: StripeJs, currency: Currency, amount: number) {
  return stripe.paymentRequest({ country: 'HK', currency: currency.toLowerCase(), total: { label: 'Sip & Gather', amount } });
}

/** Whether this browser can pay with a wallet here, and which one. */
export function useWallet(): WalletState {
  const [state, setState] = useState<WalletState>({ status: 'checking' });
  useEffect(() => {
    const key = stripeKey();
    if (!key || typeof window.PaymentRequest === 'undefined') {
      setState({ status: 'unsupported' });
      return;
    }
    let live = true;
    loadStripe(key)
      .then((stripe) => paymentRequest(stripe, 'HKD', 100).canMakePayment())
      .then((can) => {
        if (!live) return;
        setState(can?.applePay ? { status: 'supported', name: 'Apple Pay' } : can ? { status: 'supported', name: 'Google Pay' } : { status: 'unsupported' });
      })
      .catch(() => live && setState({ status: 'unsupported' }));
    return () => {
      live = false;
    };
  }, []);
  return state;
}

/**
 * Opens the wallet's sheet for the amount; resolves with the payment method the wallet made (a card
 * the shop saves and charges like any other), or undefined when the payer closed the sheet.
 */
export async function askWallet(currency: Currency, amount: number): Promise<WalletPaymentEvent | undefined> {
  const key = stripeKey();
  if (!key) return undefined;
  const request = paymentRequest(await loadStripe(key), currency, amount);
  if (!(await request.canMakePayment())) return undefined;
  return new Promise((resolve) => {
    request.on('paymentmethod', (ev) => resolve(ev));
    request.on('cancel', () => resolve(undefined));
    request.show();
  });
}
