/**
 * The member's controls of a checkout's payment step on the rendered page (src/features/checkout: the method
 * and card popups, the add-card form, Place order / Pay now), as the checkout's and the payment step's path
 * tests play them.
 */
import { screen, waitFor, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { expect } from 'vitest';
import type { AnyEventObject } from 'xstate';

type User = ReturnType<typeof userEvent.setup>;

const dialog = (name: string) => screen.queryByRole('dialog', { name });

export async function openCardPopup(user: User) {
  if (!dialog('Choose a card')) await user.click(screen.getByRole('button', { name: /^(Change card|Choose card)$/ }));
  return screen.findByRole('dialog', { name: 'Choose a card' });
}

/** Closes the card popup, which sits over the page's own buttons. */
export async function closeCardPopup(user: User) {
  const popup = dialog('Choose a card');
  if (popup) await user.click(within(popup).getByRole('button', { name: 'Close' }));
  await waitFor(() => expect(dialog('Choose a card')).toBeNull());
}

/**
 * Plays a payment step event through the page's controls: choosing a method or a saved card, the add-card
 * form (opened, filled and saved, or cancelled), Place order. Answers undefined for an event that is not one of
 * these, for the caller to play.
 */
export async function playPaymentControl(user: User, event: AnyEventObject): Promise<true | undefined> {
  switch (event.type) {
    case 'SELECT_METHOD': {
      await closeCardPopup(user);
      await user.click(screen.getByRole('button', { name: /^(Change|Choose payment method)$/ }));
      const popup = await screen.findByRole('dialog', { name: 'Payment method' });
      const label = { CreditCard: /Credit or debit card/, Alipay: /Alipay/, FPS: /FPS QR code/ }[event.method as string]!;
      await user.click(within(popup).getByRole('radio', { name: label }));
      await user.click(within(popup).getByRole('button', { name: 'Use this payment method' }));
      return true;
    }
    case 'SELECT_CARD': {
      const popup = await openCardPopup(user);
      await user.click(within(popup).getByRole('radio', { name: /Mastercard ending in 4444/ }));
      return true;
    }
    case 'ADD_CARD': {
      const popup = await openCardPopup(user);
      await user.click(within(popup).getByRole('button', { name: 'Add a new card' }));
      return true;
    }
    case 'SUBMIT_CARD': {
      const form = within(await screen.findByRole('dialog', { name: 'Add a card' }));
      const expiry = `${String(event.expMonth).padStart(2, '0')}/${String(event.expYear).slice(2)}`;
      for (const [label, value] of [['Card number', event.number], ['Expiry (MM/YY)', expiry], ['CVC', event.cvc]] as const) {
        await user.clear(form.getByLabelText(label));
        await user.type(form.getByLabelText(label), String(value));
      }
      await user.click(form.getByRole('button', { name: 'Save card' }));
      return true;
    }
    case 'CANCEL':
      await user.click(within(await screen.findByRole('dialog', { name: 'Add a card' })).getByRole('button', { name: 'Cancel' }));
      return true;
    case 'PLACE_ORDER':
      await closeCardPopup(user);
      await user.click(screen.getByRole('button', { name: /^(Place order|Pay now)/ }));
      return true;
    default:
      return undefined;
  }
}
