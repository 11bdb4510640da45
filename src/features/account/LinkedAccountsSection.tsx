import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery } from '@tanstack/react-query';
import { thirdPartyLinkup, type ThirdPartyProvider } from '../../../contract/index.ts';
import type { CallCode } from '../../../machines/shared/codes.ts';
import { useServices } from '../../app/services.ts';
import { FormError } from '../../ui/Field.tsx';
import { authMessage } from '../../api/account-messages.ts';
import { failureMessage, useMessage } from './account-ui.tsx';
import { isEmbeddedBrowser, PROVIDER_NAMES } from '../../ui/third-party.ts';
import { queries } from '../../api/queries.ts';


/** Words for the answers of third-party-linkup. */
const OWN_WORDS: Partial<Record<CallCode, MessageDescriptor>> = {
  // The provider was configured when the list was fetched, but is not any more.
  InvalidParameter: msg`This sign-in service is not available right now.`,
  Unauthorized: msg`Your session has expired. Please log in again.`,
  NetworkError: authMessage('NetworkError'),
};

/**
 * Links a third-party sign-in (OpenID Connect) to the member's account: third-party-linkup answers
 * the provider's address; the provider sends the browser back to /third_party_login, which links.
 * The server does not tell which providers are already linked, so every configured one is offered.
 */
export function LinkedAccountsSection() {
  const { api } = useServices();
  const { t } = useLingui();
  const text = useMessage();
  const providers = useQuery({ ...queries.thirdPartyProviders(api), meta: { handlesErrors: true } });
  const linkup = useMutation({
    // The client puts the member's access token in.
    mutationFn: (Provider: ThirdPartyProvider) => api.call(thirdPartyLinkup, { accessToken: '', Provider }),
    // Off to the provider; it sends the browser back to /third_party_login, which links the account.
    onSuccess: ({ AuthorizationUrl }) => window.location.assign(AuthorizationUrl),
    meta: { handlesErrors: true },
  });

  if (providers.isPending) {
    return (
      <p className="muted" role="status">
        <Trans>Loading sign-in services…</Trans>
      </p>
    );
  }
  if (providers.isError) {
    return (
      <div className="form">
        <FormError>{text(failureMessage(providers.error, OWN_WORDS))}</FormError>
        <button type="button" className="link-button" onClick={() => void providers.refetch()}>
          <Trans>Try again</Trans>
        </button>
      </div>
    );
  }

  const list = providers.data;
  if (list.length === 0) {
    return (
      <p>
        <Trans>No other sign-in services are available.</Trans>
      </p>
    );
  }
  const embedded = isEmbeddedBrowser(navigator.userAgent);
  const leaving = linkup.isPending || linkup.isSuccess;

  return (
    <div className="form" aria-busy={leaving}>
      <p>
        <Trans>Link another sign-in service to your account to log in with it.</Trans>
      </p>
      <div className="third-party-login" role="group" aria-label={t`Sign-in services`}>
        {list.map((provider) => {
          const name = PROVIDER_NAMES[provider];
          if (provider === 'google' && embedded) {
            return (
              <p key={provider} className="field-hint">
                <Trans>Google login unavailable in embedded browsers</Trans>
              </p>
            );
          }
          const busy = leaving && linkup.variables === provider;
          return (
            <button
              key={provider}
              type="button"
              className="button wide"
              disabled={leaving}
              onClick={() => linkup.mutate(provider)}
            >
              {busy ? t`Opening ${name}…` : t`Link ${name}`}
            </button>
          );
        })}
      </div>
      <p className="field-hint">
        <Trans>After linking, you can log in with either.</Trans>
      </p>
      {linkup.isError && <FormError>{text(failureMessage(linkup.error, OWN_WORDS))}</FormError>}
    </div>
  );
}
