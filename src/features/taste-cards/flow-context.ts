import { createContext, useContext } from 'react';
import type { Actor } from 'xstate';
import type { createTasteCardFlow } from './taste-card.actors.ts';

export type TasteCardActor = Actor<ReturnType<typeof createTasteCardFlow>>;

/** The running taste card flow, shared by the select-product and steps pages (one flow across both routes). */
export const TasteCardFlowContext = createContext<TasteCardActor | undefined>(undefined);

export function useTasteCardFlow(): TasteCardActor {
  const actor = useContext(TasteCardFlowContext);
  if (!actor) throw new Error('useTasteCardFlow outside the taste card pages');
  return actor;
}
