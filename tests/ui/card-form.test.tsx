/**
 * The card form as a phone fills it (issue 29): the expiry field on an iPhone's numeric keypad has no slash,
 * so "1229" is typed, the slash appears as it is typed, and the card is accepted; "12/29" and "12 / 2029"
 * still do; the fields carry the autocomplete tokens and input modes that let the phone fill the card in.
 */
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { activateLocale } from '../../src/i18n/i18n.ts';
import { formatExpiryInput, parseExpiry } from '../../src/ui/card-expiry.ts';
import { CardForm, type CardDetails } from '../../src/ui/CardForm.tsx';

const now = () => new Date('2026-11-29T00:00:00Z');

function renderForm() {
  const onSubmit = vi.fn<(card: CardDetails) => void>();
  render(
    <I18nProvider i18n={i18n}>
      <CardForm busy={false} submitLabel="Save card" onSubmit={onSubmit} now={now} />
    </I18nProvider>,
  );
  return { onSubmit, expiry: screen.getByLabelText('Expiry (MM/YY)') as HTMLInputElement };
}

beforeAll(() => activateLocale('en'));

describe('the expiry field', () => {
  it('takes 1229 typed on a numeric keypad as 12/29, putting the slash in as it is typed', async () => {
    const { onSubmit, expiry } = renderForm();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Card number'), '4242 4242 4242 4242');
    await user.type(expiry, '12');
    expect(expiry.value).toBe('12/');
    await user.type(expiry, '29');
    expect(expiry.value).toBe('12/29');
    await user.type(screen.getByLabelText('CVC'), '123');
    await user.click(screen.getByRole('button', { name: 'Save card' }));
    expect(onSubmit).toHaveBeenCalledWith({ number: '4242424242424242', expMonth: 12, expYear: 2029, cvc: '123' });
  });

  it('lets the slash be deleted, and a month from 2 to 9 typed as one digit', async () => {
    const { expiry } = renderForm();
    const user = userEvent.setup();
    await user.type(expiry, '12');
    await user.type(expiry, '{Backspace}');
    expect(expiry.value).toBe('12');
    await user.type(expiry, '{Backspace}');
    expect(expiry.value).toBe('1');
    await user.clear(expiry);
    await user.type(expiry, '4');
    expect(expiry.value).toBe('04/');
  });

  it('carries the tokens a phone fills a card in with', () => {
    const { expiry } = renderForm();
    expect(screen.getByLabelText('Card number')).toMatchObject({ autocomplete: 'cc-number', inputMode: 'numeric' });
    expect(expiry).toMatchObject({ autocomplete: 'cc-exp', inputMode: 'numeric' });
    expect(screen.getByLabelText('CVC')).toMatchObject({ autocomplete: 'cc-csc', inputMode: 'numeric' });
  });

  it('reads what people type, and refuses what is not a month', () => {
    for (const typed of ['1229', '12/29', '12 / 2029', '122029', '12/2029']) expect(parseExpiry(typed), typed).toEqual({ month: 12, year: 2029 });
    for (const typed of ['1329', '00/29', '12/2', '12', '']) expect(parseExpiry(typed), typed).toBeUndefined();
    expect(formatExpiryInput('12/2029', '12/202')).toBe('12/2029');
    expect(formatExpiryInput('12/20299', '12/2029')).toBe('12/2029');
  });
});
