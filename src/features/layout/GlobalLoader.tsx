import { useLingui } from '@lingui/react/macro';
import { useSyncExternalStore } from 'react';
import { useServices } from '../../app/services.ts';

/** Spec §2: a loader shows while any request is pending (calls marked noLoader excepted). */
export function GlobalLoader() {
  const { api } = useServices();
  // Whether anything is pending, not how much: a page's requests overlap, and each start and end would
  // otherwise be a render and commit of its own (issue 30).
  const busy = () => api.pendingCount() > 0;
  const active = useSyncExternalStore(api.subscribePending, busy, busy);
  const { t } = useLingui();
  return (
    <div className="global-loader" data-active={active} role="progressbar" aria-label={t`Loading`} aria-hidden={!active} aria-busy={active}>
      <div className="global-loader-bar" />
    </div>
  );
}
