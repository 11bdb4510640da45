import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { layoutQueries } from './queries.ts';
import { useServices } from '../../app/services.ts';
import { useStore } from '../../app/store.ts';

/**
 * Refresh: the new service worker takes over and the page reloads (src/app/service-worker.ts, loaded
 * only now); should that module not load, a plain reload.
 */
const refresh = () =>
  void import('../../app/service-worker.ts').then(
    (worker) => worker.refreshToNewVersion(),
    () => window.location.reload(),
  );

/**
 * Spec §7 getVersion: the server's version against this build's; a newer one asks for a refresh.
 * So does a new service worker waiting to take over (spec §4).
 */
export function VersionNotice() {
  const { api, serviceWorkerUpdated } = useServices();
  const version = useQuery(layoutQueries.version(api));
  const workerUpdated = useStore(serviceWorkerUpdated);
  const newerServer = Boolean(version.data) && version.data !== __APP_VERSION__;
  if (!newerServer && !workerUpdated) return null;
  return (
    <div className="version-notice" role="status">
      <Trans>A new version of the shop is available.</Trans>{' '}
      <button type="button" className="link-button" onClick={refresh}>
        <Trans>Refresh</Trans>
      </button>
    </div>
  );
}
