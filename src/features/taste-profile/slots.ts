import { defineSlots } from '../../app/slots.ts';

/** The taste parts other pages show (src/app/Slot.tsx), each loaded on demand. */
declare module '../../app/slots.ts' {
  interface SlotProps {
    /** A product page's taste cards, five-senses radar, similar products and the member's match. */
    productTaste: { productID: string };
    /** The member home's daily sip: today's card or a prompt, and the days in a row. */
    dailySip: Record<string, never>;
  }
}

export const slots = defineSlots({
  productTaste: () => import('./ProductTaste.tsx').then((m) => m.ProductTaste),
  dailySip: () => import('./DailySip.tsx').then((m) => m.DailySip),
});
