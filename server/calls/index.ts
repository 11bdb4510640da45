import type { Registered } from './handler.ts';
import { accountHandlers } from './account.ts';
import { catalogueHandlers } from './catalogue.ts';
import { contentHandlers } from './content.ts';
import { mediaHandlers } from './media.ts';
import { emailChangeHandlers } from './email-change.ts';
import { notificationHandlers } from './notifications.ts';
import { referenceHandlers } from './reference.ts';
import { thirdPartyHandlers } from './third-party.ts';
import { wishlistHandlers } from './wishlist.ts';
import { searchHandlers } from './search.ts';
import { bagHandlers } from './bag.ts';
import { orderHandlers } from './orders.ts';

/** Every served call, keyed by its spec name. */
export const registry: ReadonlyMap<string, Registered> = new Map([
  ...accountHandlers,
  ...catalogueHandlers,
  ...contentHandlers,
  ...mediaHandlers,
  ...emailChangeHandlers,
  ...notificationHandlers,
  ...referenceHandlers,
  ...thirdPartyHandlers,
  ...wishlistHandlers,
  ...searchHandlers,
  ...bagHandlers,
  ...orderHandlers,
]);
