import { Trans, useLingui } from '@lingui/react/macro';
import { useServices } from '../../app/services.ts';
import { useStore } from '../../app/store.ts';
import { relativeTime } from '../../ui/relative-time.ts';

/**
 * Issue 29 (6): the shop could not be reached and the page shows what this device kept of it
 * (src/app/kept-answers.ts): say so, and how old it is. Try again asks the shop for every answer on screen;
 * the notice goes once the shop answers.
 */
export function KeptCopyNotice() {
  const { keptCopyShownSince, queryClient } = useServices();
  const { i18n, t } = useLingui();
  const since = useStore(keptCopyShownSince);
  if (since === null) return null;
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
