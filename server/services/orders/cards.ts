/** The member's customer record at the payment provider and the cards saved under it. */
import { and, eq } from 'drizzle-orm';
import { ErrorCode } from '../../../contract/errors.ts';
import type { SavedCard } from '../../../contract/orders.ts';
import { paymentCustomers, users } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { ApiError, notFound } from '../../http/errors.ts';
import { cardError } from './errors.ts';
import { providerOf } from './provider.ts';

/** The member's customer id at the provider; made on first need when `create`. */
export async function customerOf(deps: Deps, userId: string, create: true): Promise<string>;
export async function customerOf(deps: Deps, userId: string, create: false): Promise<string | undefined>;
export async function customerOf(deps: Deps, userId: string, create: boolean): Promise<string | undefined> {
  const provider = await providerOf(deps);
  const find = async () => {
    const [row] = await deps.db
      .select({ customerId: paymentCustomers.customerId })
      .from(paymentCustomers)
      .where(and(eq(paymentCustomers.userId, userId), eq(paymentCustomers.provider, provider.name)));
    return row?.customerId;
  };
  const existing = await find();
  if (existing || !create) return existing;
  const [user] = await deps.db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  if (!user) throw notFound('Member');
  const made = await provider.createCustomer({ memberId: userId, email: user.email });
  if (!made.ok) throw cardError(made);
  // Two first uses at once make two customers; the first stored wins and the other is never used.
  await deps.db.insert(paymentCustomers).values({ userId, provider: provider.name, customerId: made.customerId }).onConflictDoNothing();
  return (await find())!;
}

export async function savedCards(deps: Deps, userId: string): Promise<SavedCard[]> {
  const customerId = await customerOf(deps, userId, false);
  if (!customerId) return [];
  const listed = await (await providerOf(deps)).listSavedCards(customerId);
  if (!listed.ok) throw cardError(listed);
  return listed.cards;
}

export async function saveCard(deps: Deps, userId: string, paymentMethodId: string): Promise<SavedCard> {
  const customerId = await customerOf(deps, userId, true);
  const attached = await (await providerOf(deps)).attachCard(customerId, paymentMethodId);
  if (attached.ok) return attached.card;
  if (attached.code === 'not_found' || attached.code === 'invalid_state') {
    throw new ApiError(400, ErrorCode.InvalidParameter, 'PaymentMethodID is not a card that can be saved', 'PaymentMethodID');
  }
  throw cardError(attached);
}

/** Spec §7 "test only": card details typed into the shop; the sandbox, or Stripe with a test key, tokenises them. */
export async function tokenizeCard(deps: Deps, card: { number: string; expMonth: number; expYear: number; cvc: string }): Promise<string> {
  const tokenized = await (await providerOf(deps)).tokenizeCard(card);
  if (tokenized.ok) return tokenized.paymentMethodId;
  if (tokenized.code === 'unsupported') throw new ApiError(400, ErrorCode.StripeError, 'Cards are entered on the payment provider’s form');
  throw cardError(tokenized);
}

export async function removeCard(deps: Deps, userId: string, cardId: string): Promise<void> {
  const customerId = await customerOf(deps, userId, false);
  if (!customerId) throw notFound('Payment method');
  const detached = await (await providerOf(deps)).detachCard(customerId, cardId);
  if (detached.ok) return;
  if (detached.code === 'not_found') throw notFound('Payment method');
  throw cardError(detached);
}

/** The card a payment is to use: given, and one of the member's saved cards. */
export async function requireSavedCard(deps: Deps, userId: string, cardId: string | undefined): Promise<string> {
  if (!cardId) throw new ApiError(400, ErrorCode.MissingParameter, 'CardID is required', 'CardID');
  const cards = await savedCards(deps, userId);
  if (!cards.some((c) => c.id === cardId)) throw new ApiError(400, ErrorCode.InvalidParameter, 'CardID is not one of your saved cards', 'CardID');
  return cardId;
}
