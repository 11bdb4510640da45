import { useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import type { AnyActorRef } from 'xstate';
import type { TokenSet } from '../../../contract/index.ts';
import { useServices } from '../../app/services.ts';

/**
 * When a sign-in flow finishes: hand its tokens to the session, close the popups, and return the
 * member to the most recent page not flagged skip-from-redirect (spec §2).
 */
export function useSignedIn(flow: AnyActorRef) {
  const { session, pageHistory, popups } = useServices();
  const router = useRouter();
  useEffect(() => {
    const subscription = flow.subscribe((snapshot) => {
      if (snapshot.status !== 'done') return;
      const tokens = (snapshot.output as { tokens: TokenSet }).tokens;
      session.send({ type: 'SIGNED_IN', tokens });
      // The flow may have been opened from another popup (sign-up from login): close them all.
      popups.closeAll();
      const target = pageHistory.redirectTarget();
      if (target !== router.state.location.href) void router.navigate({ to: target });
    });
    return () => subscription.unsubscribe();
  }, [flow, session, pageHistory, popups, router]);
}
