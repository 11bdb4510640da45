import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import * as v from 'valibot';
import { staffCreateProduct, staffSetProductPhotos, staffUpdateProduct, type ProductType, type StaffProduct } from '../../../contract/index.ts';
import {
  PRODUCT_DESCRIPTION_MAX,
  PRODUCT_NAME_MAX,
  ProductDescription,
  ProductImages,
  ProductName,
  VARIANCES_PER_PRODUCT_MAX,
} from '../../../contract/staff-catalogue-fields.ts';
import { errorCode } from '../../api/error-code.ts';
import { useServices } from '../../app/services.ts';
import { Field, FieldFrame, FormError } from '../../ui/Field.tsx';
import { Popup } from '../../ui/Popup.tsx';
import { SelectField } from '../../ui/SelectField.tsx';
import { useAdminErrorText } from './admin-words.ts';
import { focusFirstError, issuePaths, serverField, useFieldWords, useLocalName, type FieldErrors } from './catalogue-form.ts';
import { CATALOGUE_KEY } from './catalogue-queries.ts';
import { photoDraftsOf, photosBody, photosChanged, PhotosField, type PhotoDraft } from './CataloguePhotos.tsx';
import { checkVariance, emptyVariance, VarianceFields, type CheckedVariance, type VarianceDraft } from './CatalogueVarianceDialog.tsx';

type ProductDraft = {
  type: string;
  nameEn: string;
  nameZh: string;
  descriptionEn: string;
  descriptionZh: string;
  images: string;
  /** Undefined until staff tick or untick it: a new product's follows its type. */
  alcohol: boolean | undefined;
  stopSell: boolean;
};

const draftOf = (p: StaffProduct | undefined): ProductDraft => ({
  type: p?.ProductTypeID ?? '',
  nameEn: p?.Name.en ?? '',
  nameZh: p?.Name.zh ?? '',
  descriptionEn: p?.Description.en ?? '',
  descriptionZh: p?.Description.zh ?? '',
  images: p?.Images.join(' ') ?? '',
  alcohol: p?.IsAlcohol,
  stopSell: p?.StopSell ?? false,
});

/** The seeds typed, separated by spaces, commas or new lines. */
const seedsOf = (text: string) => text.split(/[\s,]+/).filter(Boolean);
const SEED_SHAPE = /^[a-z]+-(0|[1-9][0-9]{0,2})-[0-9]$/;

type CheckedProduct = {
  ProductTypeID: string;
  Name: { en: string; zh: string };
  Description: { en: string; zh: string };
  Images: string[];
  IsAlcohol: boolean;
  StopSell: boolean;
  Variances: CheckedVariance[];
};

/** The product draft checked with the calls' own schemas: the body to send, or the paths of the fields to fix. */
function checkProduct(draft: ProductDraft, alcohol: boolean, variances: VarianceDraft[], isNew: boolean): { product?: CheckedProduct; errors: FieldErrors } {
  const errors: FieldErrors = {};
  if (isNew && !draft.type) errors.ProductTypeID = true;
  const name = v.safeParse(ProductName, { en: draft.nameEn, zh: draft.nameZh });
  if (!name.success) for (const path of Object.keys(issuePaths(name.issues))) errors[`Name.${path}`] = true;
  const description = v.safeParse(ProductDescription, { en: draft.descriptionEn, zh: draft.descriptionZh });
  if (!description.success) for (const path of Object.keys(issuePaths(description.issues))) errors[`Description.${path}`] = true;
  const images = v.safeParse(ProductImages, seedsOf(draft.images));
  if (!images.success) errors.Images = true;
  const checked = isNew ? variances.map((variance, i) => checkVariance(variance, true, `Variances.${i}.`)) : [];
  for (const c of checked) Object.assign(errors, c.errors);
  if (isNew && (variances.length === 0 || variances.length > VARIANCES_PER_PRODUCT_MAX)) errors.Variances = true;
  if (Object.keys(errors).length > 0 || !name.success || !description.success || !images.success) return { errors };
  return {
    product: {
      ProductTypeID: draft.type,
      Name: name.output,
      Description: description.output,
      Images: images.output,
      IsAlcohol: alcohol,
      StopSell: draft.stopSell,
      Variances: checked.map((c) => c.variance!),
    },
    errors,
  };
}

/** Paths of the fields this form shows, so that a 400 naming one of them is said there. */
const SHOWN_FIELD = /^(ProductTypeID|Name\.(en|zh)|Description\.(en|zh)|Images|Photos|Photos\.\d+\.Alt\.(en|zh)|Variances|Variances\.\d+\.(Name\.(en|zh)|Price\.(HKD|USD)|Stock))$/;

/**
 * Make a product (type, names and descriptions in English and Chinese, artwork, alcohol, stop-sale, and its
 * variances with prices and first stock), or change one's names, descriptions, artwork, uploaded pictures, alcohol
 * and stop-sale. Fields are checked with the call's schemas before anything is sent; a 400 naming a field is said
 * at that field. Saving an edit sends the product's fields, then its pictures if they changed: a second save after
 * a refused picture list changes the fields no more.
 */
export function ProductDialog(props: { product?: StaffProduct; productTypes: ProductType[]; onClose: () => void; onSaved: (product: StaffProduct) => void }) {
  const { api, queryClient } = useServices();
  const { t } = useLingui();
  const words = useFieldWords();
  const localName = useLocalName();
  const errorText = useAdminErrorText();
  const form = useRef<HTMLFormElement>(null);
  const editing = props.product;
  const [draft, setDraft] = useState<ProductDraft>(() => draftOf(editing));
  const [variances, setVariances] = useState<VarianceDraft[]>(() => [emptyVariance()]);
  const [photos, setPhotos] = useState<PhotoDraft[]>(() => photoDraftsOf(editing));
  const [uploading, setUploading] = useState(false);
  const [invalid, setInvalid] = useState<FieldErrors>({});
  // Set at once on submit, before the pending state re-renders the button disabled.
  const sending = useRef(false);
  const save = useMutation({
    mutationFn: async ({ Variances, ProductTypeID, ...product }: CheckedProduct) => {
      if (!editing) return api.call(staffCreateProduct, { ProductTypeID, ...product, Variances });
      const updated = await api.call(staffUpdateProduct, { ProductID: editing.ProductID, ...product });
      if (!photosChanged(editing, photos)) return updated;
      return api.call(staffSetProductPhotos, { ProductID: editing.ProductID, Photos: photosBody(photos) });
    },
    onSuccess: async ({ Product }) => {
      await queryClient.invalidateQueries({ queryKey: CATALOGUE_KEY });
      props.onSaved(Product);
    },
    onError: () => requestAnimationFrame(() => focusFirstError(form.current)),
    onSettled: () => {
      sending.current = false;
    },
    meta: { handlesErrors: true },
  });

  // A new product's follows its type until staff tick or untick it.
  const alcohol = draft.alcohol ?? props.productTypes.find((pt) => pt.ProductTypeID === draft.type)?.IsAlcohol ?? false;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (sending.current || uploading) return;
    const checked = checkProduct(draft, alcohol, variances, !editing);
    setInvalid(checked.errors);
    save.reset();
    if (checked.product) {
      sending.current = true;
      save.mutate(checked.product);
    } else requestAnimationFrame(() => focusFirstError(form.current));
  };

  const code = errorCode(save.error);
  const refused = serverField(save.error);
  const onField = refused !== undefined && SHOWN_FIELD.test(refused);
  const errors: FieldErrors = onField ? { ...invalid, [refused]: true } : invalid;
  const error = (path: string) => (errors[path] ? words(path) : undefined);
  const formError = code && !onField ? (code === 'ObjectNotFound' ? t`This product no longer exists.` : errorText(code, 'load')) : undefined;
  const set = (change: Partial<ProductDraft>) => setDraft((d) => ({ ...d, ...change }));
  const seeds = seedsOf(draft.images).filter((seed) => SEED_SHAPE.test(seed));
  const productName = editing?.Name.en ?? '';

  return (
    <Popup title={editing ? t`Edit product ${productName}` : t`New product`} onClose={props.onClose}>
      <form ref={form} className="admin-dialog catalogue-form" onSubmit={submit} noValidate>
        {!editing && (
          <SelectField label={<Trans>Product type</Trans>} value={draft.type} onChange={(e) => set({ type: e.target.value })} error={error('ProductTypeID')}>
            <option value="">{t`Choose a type`}</option>
            {props.productTypes.map((pt) => (
              <option key={pt.ProductTypeID} value={pt.ProductTypeID}>
                {localName(pt.Name)}
              </option>
            ))}
          </SelectField>
        )}
        <div className="catalogue-grid">
          <Field label={<Trans>Name (English)</Trans>} value={draft.nameEn} maxLength={PRODUCT_NAME_MAX} onChange={(e) => set({ nameEn: e.target.value })} error={error('Name.en')} />
          <Field label={<Trans>Name (Chinese)</Trans>} lang="zh-Hant" value={draft.nameZh} maxLength={PRODUCT_NAME_MAX} onChange={(e) => set({ nameZh: e.target.value })} error={error('Name.zh')} />
          <FieldFrame
            label={<Trans>Description (English)</Trans>}
            error={error('Description.en')}
            control={(links) => <textarea {...links} rows={3} maxLength={PRODUCT_DESCRIPTION_MAX} value={draft.descriptionEn} onChange={(e) => set({ descriptionEn: e.target.value })} />}
          />
          <FieldFrame
            label={<Trans>Description (Chinese)</Trans>}
            error={error('Description.zh')}
            control={(links) => <textarea {...links} lang="zh-Hant" rows={3} maxLength={PRODUCT_DESCRIPTION_MAX} value={draft.descriptionZh} onChange={(e) => set({ descriptionZh: e.target.value })} />}
          />
        </div>
        <Field
          label={<Trans>Pictures (artwork seeds)</Trans>}
          hint={<Trans>Such as leaf-120-3 teapot-30-1: motif (leaf, teapot, cup, bean, pourover, incense, censer, bottle, glass, kettle, box, landscape), hue, variant.</Trans>}
          value={draft.images}
          autoComplete="off"
          onChange={(e) => set({ images: e.target.value })}
          error={error('Images')}
        />
        {seeds.length > 0 && (
          <ul className="catalogue-previews" aria-label={t`Pictures as they show`}>
            {seeds.map((seed, i) => (
              <li key={`${seed}-${i}`}>
                <img src={`/media/art/${seed}.svg`} alt={seed} width={64} height={64} />
              </li>
            ))}
          </ul>
        )}
        {editing ? (
          <PhotosField photos={photos} setPhotos={setPhotos} onUploading={setUploading} error={error} />
        ) : (
          <p className="muted small">
            <Trans>Pictures can be uploaded once the product is made: choose Edit on its row.</Trans>
          </p>
        )}
        <label className="catalogue-check">
          <input type="checkbox" checked={alcohol} onChange={(e) => set({ alcohol: e.target.checked })} />
          <Trans>Alcohol (customers see 18+ and confirm their age to buy it)</Trans>
        </label>
        <label className="catalogue-check">
          <input type="checkbox" checked={draft.stopSell} onChange={(e) => set({ stopSell: e.target.checked })} />
          <Trans>Sale stopped (customers see it but cannot buy it)</Trans>
        </label>
        {!editing && (
          <fieldset className="catalogue-new-variances">
            <legend>
              <Trans>Variances</Trans>
            </legend>
            {error('Variances') && <FormError>{error('Variances')}</FormError>}
            {variances.map((variance, i) => {
              const number = i + 1;
              return (
                <div key={i} className="catalogue-new-variance" role="group" aria-label={t`Variance ${number}`}>
                  <VarianceFields
                    draft={variance}
                    onChange={(next) => setVariances((all) => all.map((d, j) => (j === i ? next : d)))}
                    errors={errors}
                    prefix={`Variances.${i}.`}
                    withStock
                  />
                  {variances.length > 1 && (
                    <button type="button" className="button small danger-text" onClick={() => setVariances((all) => all.filter((_, j) => j !== i))}>
                      <Trans>Remove variance {number}</Trans>
                    </button>
                  )}
                </div>
              );
            })}
            {variances.length < VARIANCES_PER_PRODUCT_MAX && (
              <button type="button" className="button small" onClick={() => setVariances((all) => [...all, emptyVariance()])}>
                <Trans>Another variance</Trans>
              </button>
            )}
          </fieldset>
        )}
        {formError && <FormError>{formError}</FormError>}
        <div className="admin-dialog-actions">
          <button type="submit" className="button primary" disabled={save.isPending || uploading} aria-busy={save.isPending}>
            {save.isPending ? <Trans>Saving…</Trans> : editing ? <Trans>Save product</Trans> : <Trans>Make product</Trans>}
          </button>
          <button type="button" className="button" onClick={props.onClose}>
            <Trans>Close</Trans>
          </button>
        </div>
      </form>
    </Popup>
  );
}
