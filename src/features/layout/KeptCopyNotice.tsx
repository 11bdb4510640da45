import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect } from 'react';
import { useServices } from '../../app/services.ts';
import { relativeTime } from '../../ui/relative-time.ts';

/**
 * Issue 29 (6): the shop could not be reached and the page shows what this device kept of it
 * (src/app/kept-answers.ts): say so, and how old it is. Try again, or the connection coming back, asks the shop
 * for every answer on screen; the notice goes once the shop answers. Loaded only when shown (RootLayout.tsx).
 */
export function KeptCopyNotice({ since }: { since: number }) {
  const { queryClient } = useServices();
  const { i18n, t } = useLingui();
  // Back online, the page asks again by itself. React Query's own refetch on reconnect misses it when this page
  // was opened offline: it never saw the connection go, so it does not see it come back.
  useEffect(() => {
    const askAgain = () => void queryClient.refetchQueries({ type: 'active' });
    window.addEventListener('online', askAgain);
    return () => window.removeEventListener('online', askAgain);
  }, [queryClient]);
  // relativeTime says "now" under ten seconds, which does not read here.
  const age = Date.now() - since < 60_000 ? t`moments ago` : relativeTime(new Date(since).toISOString(), Date.now(), i18n.locale);
  return (
    <div className="version-notice kept-copy-notice" role="status">
      <Trans>You are offline: this is what you saw {age}, and it may be out of date.</Trans>{' '}
      <button type="button" className="link-button" onClick={() => void queryClient.refetchQueries({ type: 'active' })}>
        <Trans>Try again</Trans>
      </button>
    </div>
  );
}
