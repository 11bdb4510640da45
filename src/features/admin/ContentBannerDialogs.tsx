import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { staffDeleteBanner, staffSaveBanner, type CallBodyInput, type StaffBanner } from '../../../contract/index.ts';
import { BANNER_LINK_MAX, BANNER_SUBTITLE_MAX, BANNER_TITLE_MAX } from '../../../contract/staff-content-fields.ts';
import { ApiError } from '../../api/client.ts';
import { errorCode } from '../../api/error-code.ts';
import { useServices } from '../../app/services.ts';
import { Field, FormError } from '../../ui/Field.tsx';
import { formatNumber } from '../../ui/format.ts';
import { Popup } from '../../ui/Popup.tsx';
import { SelectField } from '../../ui/SelectField.tsx';
import { useAdminErrorText } from './admin-words.ts';
import { bannerFieldOf, bannerValues, newBannerValues, readBannerForm, type BannerField, type BannerFormValues, type FieldErrors } from './content-form.ts';
import { CONTENT_KEY, contentQueries } from './content-queries.ts';
import { useBannerKindWords } from './content-words.ts';

/** The field a refused call names (its `field`), if any. */
const refusedField = (error: unknown) => (error instanceof ApiError && typeof error.details.field === 'string' ? error.details.field : undefined);

/** Words for each banner field that is wrong, whether the form or the server found it. */
function useBannerFieldWords(): Record<BannerField, string> {
  const { t, i18n } = useLingui();
  const titleMax = formatNumber(BANNER_TITLE_MAX, i18n.locale);
  const subtitleMax = formatNumber(BANNER_SUBTITLE_MAX, i18n.locale);
  return {
    kind: t`Choose where the banner shows.`,
    productTypeId: t`Choose the product type whose page shows the banner.`,
    titleEn: t`Enter the English title (at most ${titleMax} characters).`,
    titleZh: t`Enter the Chinese title (at most ${titleMax} characters).`,
    subtitleEn: t`At most ${subtitleMax} characters.`,
    subtitleZh: t`At most ${subtitleMax} characters.`,
    image: t`Enter an artwork name such as landscape-30-2 (a motif, a hue from 0 to 999, a variant from 0 to 9).`,
    link: t`Enter a path of this shop starting with one /, such as /product/tea-da-hong-pao; addresses of other sites are not allowed.`,
    sort: t`Enter a whole number from 0 to 10,000 (lower shows first).`,
  };
}

/**
 * Adding a banner (no `banner`) or changing one: every field checked with the call's own schemas before anything
 * is sent; what the server refuses is said at the field it names. Saved once however often Save is pressed.
 */
export function BannerFormDialog({ banner, onClose, onSaved }: { banner?: StaffBanner; onClose: () => void; onSaved: (banner: StaffBanner) => void }) {
  const { api } = useServices();
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const words = useBannerFieldWords();
  const kindWords = useBannerKindWords();
  const errorText = useAdminErrorText();
  const types = useQuery(contentQueries.productTypes(api));
  const [values, setValues] = useState<BannerFormValues>(() => (banner ? bannerValues(banner) : newBannerValues()));
  const [invalid, setInvalid] = useState<FieldErrors<BannerField>>({});
  const save = useMutation({
    mutationFn: (body: CallBodyInput<typeof staffSaveBanner>) => api.call(staffSaveBanner, body),
    onSuccess: async ({ Banner }) => {
      await queryClient.invalidateQueries({ queryKey: CONTENT_KEY });
      onSaved(Banner);
    },
    meta: { handlesErrors: true },
  });

  const code = errorCode(save.error);
  const serverField = code === 'InvalidParameter' ? bannerFieldOf(refusedField(save.error)) : undefined;
  const message = !code || serverField ? undefined : code === 'ObjectNotFound' ? t`This banner no longer exists. Close the form to see the banners as they are.` : errorText(code, 'load');
  const errorOf = (field: BannerField) => (invalid[field] || serverField === field ? words[field] : undefined);

  const set = <K extends keyof BannerFormValues>(key: K, value: BannerFormValues[K]) => {
    setValues((before) => ({ ...before, [key]: value }));
    // A refusal was about the values as they were.
    if (save.error) save.reset();
  };
  const text = (key: Exclude<keyof BannerFormValues, 'kind'>) => ({
    value: values[key],
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => set(key, e.target.value),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (save.isPending) return;
    const read = readBannerForm(values);
    if ('errors' in read) {
      setInvalid(read.errors);
      return;
    }
    setInvalid({});
    save.mutate({ ...read.body, ...(banner ? { BannerID: banner.BannerID } : {}) });
  };
  const zh = i18n.locale.startsWith('zh');
  const title = banner ? (zh ? banner.Title.zh : banner.Title.en) : '';

  return (
    <Popup title={banner ? t`Change banner ${title}` : t`New banner`} description={t`Customers see the change as soon as it is saved.`} onClose={onClose}>
      <form className="admin-dialog content-banner-form" onSubmit={submit} noValidate aria-label={banner ? t`Change banner ${title}` : t`New banner`}>
        <div className="content-form-pair">
          <SelectField label={<Trans>Shows on</Trans>} value={values.kind} onChange={(e) => set('kind', e.target.value as BannerFormValues['kind'])} error={errorOf('kind')}>
            <option value="big">{kindWords.big}</option>
            <option value="small">{kindWords.small}</option>
            <option value="product">{kindWords.product}</option>
          </SelectField>
          {values.kind === 'product' && (
            <SelectField label={<Trans>Product type</Trans>} {...text('productTypeId')} error={errorOf('productTypeId')} hint={types.isError ? <Trans>The product types could not be loaded.</Trans> : undefined}>
              <option value="">{t`Choose a product type`}</option>
              {types.data?.map((type) => (
                <option key={type.ProductTypeID} value={type.ProductTypeID}>
                  {zh ? type.Name.zh : type.Name.en}
                </option>
              ))}
            </SelectField>
          )}
        </div>
        <div className="content-form-pair">
          <Field label={<Trans>Title in English</Trans>} {...text('titleEn')} maxLength={BANNER_TITLE_MAX} error={errorOf('titleEn')} />
          <Field label={<Trans>Title in Chinese</Trans>} {...text('titleZh')} maxLength={BANNER_TITLE_MAX} lang="zh-Hant" error={errorOf('titleZh')} />
        </div>
        <div className="content-form-pair">
          <Field label={<Trans>Subtitle in English</Trans>} {...text('subtitleEn')} maxLength={BANNER_SUBTITLE_MAX} error={errorOf('subtitleEn')} />
          <Field label={<Trans>Subtitle in Chinese</Trans>} {...text('subtitleZh')} maxLength={BANNER_SUBTITLE_MAX} lang="zh-Hant" error={errorOf('subtitleZh')} />
        </div>
        <div className="content-form-pair">
          <Field
            label={<Trans>Picture (artwork name)</Trans>}
            {...text('image')}
            autoComplete="off"
            spellCheck={false}
            hint={<Trans>As landscape-30-2: a motif, a hue, a variant.</Trans>}
            error={errorOf('image')}
          />
          <Field
            label={<Trans>Leads to</Trans>}
            {...text('link')}
            maxLength={BANNER_LINK_MAX}
            autoComplete="off"
            spellCheck={false}
            hint={<Trans>A path of this shop, as /product/tea-da-hong-pao.</Trans>}
            error={errorOf('link')}
          />
        </div>
        <Field label={<Trans>Place (lower shows first)</Trans>} {...text('sort')} inputMode="numeric" className="content-sort" error={errorOf('sort')} />
        {message && <FormError>{message}</FormError>}
        <div className="admin-dialog-actions">
          <button type="submit" className="button primary" disabled={save.isPending} aria-busy={save.isPending}>
            {save.isPending ? <Trans>Saving…</Trans> : <Trans>Save</Trans>}
          </button>
          <button type="button" className="button" onClick={onClose}>
            <Trans>Cancel</Trans>
          </button>
        </div>
      </form>
    </Popup>
  );
}

/** Removing a banner once confirmed; customers stop seeing it at once. */
export function BannerDeleteDialog({ banner, onClose, onDeleted }: { banner: StaffBanner; onClose: () => void; onDeleted: () => void }) {
  const { api } = useServices();
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const errorText = useAdminErrorText();
  const remove = useMutation({
    mutationFn: () => api.call(staffDeleteBanner, { BannerID: banner.BannerID }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: CONTENT_KEY });
      onDeleted();
    },
    meta: { handlesErrors: true },
  });
  const code = errorCode(remove.error);
  const title = i18n.locale.startsWith('zh') ? banner.Title.zh : banner.Title.en;
  return (
    <Popup role="alertdialog" title={t`Delete banner ${title}?`} description={t`Customers stop seeing it at once. This cannot be undone.`} onClose={onClose}>
      <div className="admin-dialog">
        {code && <FormError>{code === 'ObjectNotFound' ? t`This banner no longer exists.` : errorText(code, 'load')}</FormError>}
        <div className="admin-dialog-actions">
          <button type="button" className="button danger-text" disabled={remove.isPending} aria-busy={remove.isPending} onClick={() => !remove.isPending && remove.mutate()}>
            {remove.isPending ? <Trans>Deleting…</Trans> : <Trans>Delete the banner</Trans>}
          </button>
          <button type="button" className="button" onClick={onClose}>
            <Trans>Keep it</Trans>
          </button>
        </div>
      </div>
    </Popup>
  );
}
