/** Where a shipped order goes: the member's selected delivery address, which must be within the service range. */
import { eq } from 'drizzle-orm';
import type { Address, DeliveryAddress } from '../../../contract/account.ts';
import { ErrorCode } from '../../../contract/errors.ts';
import type { Db } from '../../db/client.ts';
import { countries, users } from '../../db/schema.ts';
import { ApiError } from '../../http/errors.ts';
import { orderNotFound } from './errors.ts';

/** The member's selected delivery address and billing address; DeliveryAddressRequired when there is none in range. */
export async function memberDelivery(tx: Db, userId: string): Promise<{ delivery: DeliveryAddress; billing: Address | null }> {
  const [user] = await tx
    .select({ addresses: users.deliveryAddresses, index: users.mainDeliveryAddressIndex, billing: users.billingAddress })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) throw orderNotFound();
  const addresses = (user.addresses ?? []) as DeliveryAddress[];
  const delivery = addresses[user.index ?? 0];
  const [country] = delivery ? await tx.select({ inService: countries.inService }).from(countries).where(eq(countries.id, delivery.CountryID)) : [];
  if (!delivery || !country?.inService) {
    throw new ApiError(400, ErrorCode.DeliveryAddressRequired, 'Please add a delivery address within the service range');
  }
  return { delivery, billing: (user.billing as Address | null) ?? null };
}
