import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState, type FormEvent } from 'react';
import { waitFor, type ActorRefFrom } from 'xstate';
import { addPaymentMehtod } from '../../../contract/index.ts';
import * as checkoutState from '../../../machines/checkout/checkout.selectors.ts';
import type { PaymentMethod } from '../../../machines/checkout/checkout.types.ts';
import type { ApiClient } from '../../api/client.ts';
import { WALLET_NOT_SUPPORTED } from '../../api/payment-messages.ts';
import { useServices } from '../../app/services.ts';
import { useMethodName } from '../../ui/order-words.ts';
import { Popup } from '../../ui/Popup.tsx';
import { checkoutBag, type createCheckoutFlow } from './checkout.actors.ts';
import { sendToPaymentStep } from './checkout-parts.tsx';
import { askWallet, type WalletState } from './wallet-support.ts';

type CheckoutActor = ActorRefFrom<ReturnType<typeof createCheckoutFlow>>;
type Choice = PaymentMethod | 'Wallet';

/**
 * Pays with the wallet: the wallet makes a card payment method, which is saved to the member and
 * charged like a saved card; the sheet is told whether that worked.
 */
async function payWithWallet(actor: CheckoutActor, api: ApiClient) {
  const total = checkoutBag(actor.getSnapshot())?.orderDetail;
  if (!total) return;
  const sheet = await askWallet(total.Currency, total.Total);
  if (!sheet) return;
  try {
    const saved = await api.call(addPaymentMehtod, { PaymentMethodID: sheet.paymentMethod.id });
    sendToPaymentStep(actor, { type: 'SELECT_METHOD', method: 'CreditCard' });
    await waitFor(actor, checkoutState.isChoosing);
    sendToPaymentStep(actor, { type: 'SELECT_CARD', cardID: saved.PaymentMethod.id });
    sendToPaymentStep(actor, { type: 'PLACE_ORDER' });
    const settled = await waitFor(actor, (s) => !checkoutState.isBusy(s));
    const outcome = settled.status === 'done' ? settled.output.outcome : undefined;
    sheet.complete(outcome === 'confirmed' || outcome === 'processing' || outcome === 'redirect' ? 'success' : 'fail');
  } catch {
    sheet.complete('fail');
  }
}

/**
 * Spec §2 payment method popup: card, Alipay, FPS, and the device's wallet where it has one. The
 * wallet pays a product checkout (`actor`); the event checkout offers the three methods only.
 */
export function PaymentMethodPopup(props: {
  actor?: CheckoutActor | undefined;
  value: PaymentMethod | undefined;
  wallet?: WalletState | undefined;
  onChoose: (method: PaymentMethod) => void;
  onWallet?: (() => void) | undefined;
  onClose: () => void;
}) {
  const { t, i18n } = useLingui();
  const { api } = useServices();
  const methodName = useMethodName();
  const [choice, setChoice] = useState<Choice | undefined>(props.value);
  const name = useId();
  const choices: Array<{ value: Choice; label: string; note?: string; disabled?: boolean }> = [
    { value: 'CreditCard', label: methodName('CreditCard'), note: t`Visa, Mastercard, American Express, UnionPay and more` },
    { value: 'Alipay', label: methodName('Alipay') },
    { value: 'FPS', label: methodName('FPS'), note: t`Pay by bank transfer: scan the QR code with your banking app` },
    ...(!props.wallet || !props.actor
      ? []
      : props.wallet.status === 'supported'
        ? [{ value: 'Wallet' as const, label: props.wallet.name }]
        : [
            {
              value: 'Wallet' as const,
              label: t`Apple Pay / Google Pay`,
              note: props.wallet.status === 'checking' ? t`Checking this device…` : i18n._(WALLET_NOT_SUPPORTED),
              disabled: true,
            },
          ]),
  ];
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!choice) return;
    if (choice === 'Wallet') {
      props.onWallet?.();
      if (props.actor) void payWithWallet(props.actor, api);
      return;
    }
    props.onChoose(choice);
  };
  return (
    <Popup title={<Trans>Payment method</Trans>} onClose={props.onClose}>
      <form className="form" onSubmit={submit}>
        <fieldset className="checkout-choices">
          <legend className="visually-hidden">{t`Payment method`}</legend>
          {choices.map((c) => (
            <label key={c.value} className="checkout-choice" data-checked={choice === c.value} data-disabled={c.disabled}>
              <input
                type="radio"
                name={name}
                value={c.value}
                checked={choice === c.value}
                disabled={c.disabled}
                onChange={() => setChoice(c.value)}
                aria-describedby={c.note ? `${name}-${c.value}` : undefined}
              />
              <span className="checkout-choice-text">
                <span>{c.label}</span>
                {c.note && (
                  <span id={`${name}-${c.value}`} className="muted small">
                    {c.note}
                  </span>
                )}
              </span>
            </label>
          ))}
        </fieldset>
        <button type="submit" className="button primary wide" disabled={!choice}>
          <Trans>Use this payment method</Trans>
        </button>
      </form>
    </Popup>
  );
}
