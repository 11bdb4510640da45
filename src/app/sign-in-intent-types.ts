/** What src/app/sign-in-intent.ts keeps and src/app/sign-in-intent-run.ts carries out. */
import type { Bilingual, ProductCard } from '../../contract/index.ts';
import type { ChangeOutcome } from '../../machines/bag/bag.types.ts';

export type SignInIntent =
  /** Add `quantity` of a variance to the bag. */
  | { kind: 'addToBag'; ProductID: string; Name: Bilingual; VarianceID: string; quantity: number }
  /** Save a product to the wishlist. */
  | { kind: 'saveToWishlist'; product: ProductCard };

/**
 * An intent carried out after sign-in, for the control that asked to show as it usually does: the
 * add's outcome (the bag's change outcome after `before`), or the wishlist save under way or failed.
 */
export type IntentResult =
  | { kind: 'addToBag'; ProductID: string; VarianceID: string; before: ChangeOutcome | undefined }
  | { kind: 'saveToWishlist'; ProductID: string; status: 'saving' | 'failed' };
