import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { queries } from '../../api/queries.ts';
import { useServices } from '../../app/services.ts';

/** Spec §7 getVersion: the server's version against this build's; a newer one asks for a refresh. */
export function VersionNotice() {
  const { api } = useServices();
  const version = useQuery(queries.version(api));
  if (!version.data || version.data === __APP_VERSION__) return null;
  return (
    <div className="version-notice" role="status">
      <Trans>A new version of the shop is available.</Trans>{' '}
      <button type="button" className="link-button" onClick={() => window.location.reload()}>
        <Trans>Refresh</Trans>
      </button>
    </div>
  );
}
