import { useLingui } from '@lingui/react/macro';
import { Outlet, useBlocker, useLocation, useNavigate, useSearch } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef } from 'react';
import * as select from '../../../machines/taste-card/taste-card.selectors.ts';
import { tokens, user } from '../../../machines/session/session.selectors.ts';
import { cookieId } from '../../app/cookie-id.ts';
import { encryptedStorage } from '../../app/encrypted-storage.ts';
import { TASTE_CARD_DRAFT_PURPOSE } from '../../app/taste-card-draft.ts';
import { canKeepDrafts } from '../../app/device-draft.ts';
import { preloadable } from '../../app/preloadable.tsx';
import { useServices } from '../../app/services.ts';
import { useFlow } from '../../app/use-flow.ts';
import { contentLanguage, isLocale } from '../../i18n/i18n.ts';
import { useCurrency } from '../../ui/use-currency.ts';
import { TasteCardFlowContext, type TasteCardActor } from './flow-context.ts';
import { createTasteCardFlow } from './taste-card.actors.ts';
import './taste-cards.css';

const FLOW_PATHS = ['/taste_card/select_product', '/taste_card/steps'];

// The leave dialog (and Radix Dialog with it) is a chunk of its own, fetched once the flow shows, so that
// the flow's pages keep their first load within budget (issue 14, Fast).
/** Queries whose answers a new card changes (src/features/taste-profile/queries.ts names them so). */
const TASTE_QUERY_ROOTS = new Set(['tasteCards', 'tasteProfile', 'similarByTaste', 'tasteMatch', 'dailySip', 'userProducts', 'listUserProduct']);
const showsTasteCards = (key: readonly unknown[]) => TASTE_QUERY_ROOTS.has(String(key[0] === 'member' ? key[1] : key[0]));

const LeaveDialog = preloadable(() => import('./LeaveDialog.tsx').then((m) => m.LeaveDialog));

/**
 * taste_card/select_product and taste_card/steps: one taste card flow across both pages. The route
 * follows the machine (choosing the drink, the steps, then taste_card/success); leaving the pages
 * with answers asks first, in a dialog the machine drives.
 */
export function TasteCardFlowLayout() {
  const { api, queryClient, session, storage } = useServices();
  const { i18n } = useLingui();
  const currency = useCurrency();
  const member = useSelector(session, user);
  const search = useSearch({ strict: false }) as { productID?: string };
  const userID = member?.userID ?? 'member';
  const machine = useMemo(() => {
    const drafts = canKeepDrafts() ? { storage: encryptedStorage({ secret: cookieId(), purpose: TASTE_CARD_DRAFT_PURPOSE, storage }), userID } : undefined;
    return createTasteCardFlow({ api, queryClient, drafts, idToken: () => tokens(session.getSnapshot())?.idToken });
  }, [api, queryClient, session, storage, userID]);
  // The input is read once, when the flow starts: the drink asked for and the shop's language.
  const [input] = useStateOnce(() => ({
    ...(search.productID ? { productID: search.productID } : {}),
    currency,
    language: contentLanguage(isLocale(i18n.locale) ? i18n.locale : 'en'),
  }));
  const actor = useFlow(machine, { input }) as TasteCardActor;
  useEffect(() => void LeaveDialog.preload().catch(() => {}), []);
  return (
    <TasteCardFlowContext.Provider value={actor}>
      <FollowTheFlow actor={actor} />
      <div className="page taste-card-page">
        <Outlet />
      </div>
      <LeaveDialog actor={actor} />
    </TasteCardFlowContext.Provider>
  );
}

function useStateOnce<T>(make: () => T): [T] {
  const ref = useRef<{ value: T } | undefined>(undefined);
  ref.current ??= { value: make() };
  return [ref.current.value];
}

/** Keeps the address on the flow's page, and asks the flow before any navigation away. */
function FollowTheFlow({ actor }: { actor: TasteCardActor }) {
  const { queryClient } = useServices();
  const navigate = useNavigate();
  const location = useLocation();
  const page = useSelector(actor, select.page);
  const outcome = useSelector(actor, select.outcome);
  const productID = useSelector(actor, (s) => select.product(s)?.ProductID);
  const search = useSearch({ strict: false }) as { productID?: string };
  // Set while a navigation away waits for the member's answer: the flow ending lets it through.
  const leavingByNavigation = useRef(false);

  useBlocker({
    shouldBlockFn: ({ next }) => {
      if (FLOW_PATHS.includes(next.pathname) || next.pathname === '/taste_card/success') return false;
      if (actor.getSnapshot().status === 'done') return false;
      actor.send({ type: 'LEAVE' });
      const settled = (s: ReturnType<TasteCardActor['getSnapshot']>): boolean | undefined => {
        if (s.status === 'done') return false;
        if (select.confirmingLeave(s) || s.matches('discarding')) return undefined;
        return true;
      };
      const now = settled(actor.getSnapshot());
      if (now !== undefined) {
        leavingByNavigation.current = !now;
        return now;
      }
      leavingByNavigation.current = true;
      return new Promise<boolean>((resolve) => {
        const sub = actor.subscribe((s) => {
          const answer = settled(s);
          if (answer === undefined) return;
          sub.unsubscribe();
          leavingByNavigation.current = !answer;
          resolve(answer);
        });
      });
    },
    enableBeforeUnload: false,
  });

  useEffect(() => {
    if (page === 'selectProduct' && location.pathname !== '/taste_card/select_product') {
      void navigate({ to: '/taste_card/select_product', replace: true });
    } else if (page === 'steps' && (location.pathname !== '/taste_card/steps' || search.productID !== productID)) {
      // The address names the drink, so a reload opens this drink's card (and its draft), not a choice again.
      void navigate({ to: '/taste_card/steps', search: productID ? { productID } : {}, replace: true });
    } else if (outcome?.outcome === 'saved') {
      // What shows cards (the drink's page, the member's list, today's sip, matches) reads them afresh.
      void queryClient.invalidateQueries({ predicate: (query) => showsTasteCards(query.queryKey) });
      void navigate({ to: '/taste_card/success', search: { cardID: outcome.card.CardID }, replace: true });
    } else if (outcome?.outcome === 'left' && !leavingByNavigation.current) {
      void navigate({ to: '/home' });
    }
  }, [page, outcome, location.pathname, search.productID, productID, navigate, queryClient]);
  return null;
}
