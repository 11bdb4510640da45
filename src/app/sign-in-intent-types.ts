/** What src/app/sign-in-intent.ts keeps and src/app/sign-in-intent-run.ts carries out. */
import type { Bilingual, ProductCard } from '../../contract/index.ts';
import type { ChangeOutcome } from '../../machines/bag/bag.types.ts';

export type SignInIntent =
  /** Add `quantity` of a variance to the bag. */
  | { kind: 'addToBag'; ProductID: string; Name: Bilingual; VarianceID: string; quantity: number }
  /** Save a product to the wishlist. */
  | { kind: 'saveToWishlist'; product: ProductCard }
  /** Join a session of an event: go on to the event checkout with these seats. */
  | { kind: 'joinEvent'; EventID: string; Title: Bilingual; VarianceID: string; seats: number }
  /** Activate a guest ticket (the ticket page offers it once signed in). */
  | { kind: 'activateTicket'; TicketID: string }
  /** Accept an invitation (its page activates the code once signed in). */
  | { kind: 'activateInvite'; InviteCode: string }
  /** Add an NFC tag's product to the member's drinks (the tag's page adds it once signed in). */
  | { kind: 'addNfcProduct'; ID: string; Name: Bilingual };

/**
 * An intent carried out after sign-in, for the control that asked to show as it usually does: the
 * add's outcome (the bag's change outcome after `before`), or the wishlist save under way or failed;
 * for a page's own step, the page takes it.
 */
export type IntentResult =
  | { kind: 'addToBag'; ProductID: string; VarianceID: string; before: ChangeOutcome | undefined }
  | { kind: 'saveToWishlist'; ProductID: string; status: 'saving' | 'failed' }
  /** A page's own next step, which the page (still on screen behind the login popup) takes: the event checkout, the ticket's activation. */
  | { kind: 'joinEvent'; EventID: string; VarianceID: string; seats: number }
  | { kind: 'activateTicket'; TicketID: string }
  | { kind: 'activateInvite'; InviteCode: string }
  | { kind: 'addNfcProduct'; ID: string };
