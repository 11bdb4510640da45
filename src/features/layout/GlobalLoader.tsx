import { useLingui } from '@lingui/react/macro';
import { useSyncExternalStore } from 'react';
import { useServices } from '../../app/services.ts';

/** Spec §2: a loader shows while any request is pending (calls marked noLoader excepted). */
export function GlobalLoader() {
  const { api } = useServices();
  const pending = useSyncExternalStore(api.subscribePending, api.pendingCount, api.pendingCount);
  const { t } = useLingui();
  return (
    <div className="global-loader" data-active={pending > 0} role="progressbar" aria-label={t`Loading`} aria-hidden={pending === 0} aria-busy={pending > 0}>
      <div className="global-loader-bar" />
    </div>
  );
}
