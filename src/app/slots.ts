import type { ComponentType } from 'react';

/**
 * Props of each slot: a place on one feature's page that another feature fills (the taste sections on a
 * product page, today's sip on the member home). Like popups (src/app/popups.ts), the feature that fills a
 * slot names it here and registers its loader in src/features/<area>/slots.ts:
 *
 *   declare module '../../app/slots.ts' { interface SlotProps { productTaste: { productID: string } } }
 *   export const slots = defineSlots({ productTaste: () => import('./ProductTaste.tsx').then((m) => m.ProductTaste) });
 *
 * The page renders <Slot name="productTaste" productID={…} /> (src/app/Slot.tsx) and never imports the
 * feature; the part loads on demand, in its own chunk.
 */
// Each feature adds its slots by declaration merging.
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface SlotProps {}
export type SlotName = keyof SlotProps;

export type SlotLoader<N extends SlotName> = () => Promise<ComponentType<SlotProps[N]>>;
export type SlotLoaders = { [N in SlotName]?: SlotLoader<N> };

/** A feature's slots (src/features/<area>/slots.ts): only the loaders come with the page; the parts load when shown. */
export function defineSlots<const L extends SlotLoaders>(loaders: L & Record<Exclude<keyof L, SlotName>, never>): L {
  return loaders;
}
