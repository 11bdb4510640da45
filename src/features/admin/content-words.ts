/** The content screen's words for values (issue 32): where a banner shows, which information page is which, a newsletter's status. */
import { useLingui } from '@lingui/react/macro';
import { useCallback, useMemo } from 'react';
import type { CallCode } from '../../../machines/shared/codes.ts';
import { useAdminErrorText } from './admin-words.ts';
import type { InformationPageId } from '../../../contract/content.ts';
import type { NewsletterIssueStatus } from '../../../contract/staff-newsletter.ts';
import type { BannerKind } from '../../../contract/staff-content-fields.ts';

export function useBannerKindWords(): Record<BannerKind, string> {
  const { t } = useLingui();
  return useMemo(() => ({ big: t`Home page carousel`, small: t`Home page, small row`, product: t`A product type’s page` }), [t]);
}

export function useInformationPageWords(): Record<InformationPageId, string> {
  const { t } = useLingui();
  return useMemo(
    () => ({
      about: t`About us`,
      contact_us: t`Contact us`,
      ship_return_policy: t`Shipping and returns`,
      got_question: t`Got a question?`,
      faq: t`FAQ`,
      privacy_policy: t`Privacy policy`,
      terms_and_conditions: t`Terms and conditions`,
    }),
    [t],
  );
}

export function useNewsletterStatusWords(): Record<NewsletterIssueStatus, string> {
  const { t } = useLingui();
  return useMemo(() => ({ draft: t`Draft`, sending: t`Sending`, sent: t`Sent` }), [t]);
}

/** A failed newsletter call in words: an issue sent meanwhile has its own, the rest the back office's. */
export function useNewsletterErrorText(): (code: CallCode) => string {
  const { t } = useLingui();
  const errorText = useAdminErrorText();
  return useCallback(
    (code) =>
      code === 'NewsletterAlreadySent'
        ? t`This issue has been sent already, perhaps by someone else: it can no longer change or be sent again. Close to see it in the list.`
        : code === 'ObjectNotFound'
          ? t`This issue no longer exists.`
          : errorText(code, 'load'),
    [t, errorText],
  );
}
