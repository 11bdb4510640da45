/** The content screen's words for values (issue 32): where a banner shows, which information page is which. */
import { useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';
import type { InformationPageId } from '../../../contract/content.ts';
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
