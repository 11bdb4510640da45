import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import * as v from 'valibot';
import { staffCreateVariance, staffUpdateVariance, type StaffProduct, type StaffVariance } from '../../../contract/index.ts';
import { StockCount, VARIANCE_NAME_MAX, VarianceName, VariancePrice } from '../../../contract/staff-catalogue-fields.ts';
import { errorCode } from '../../api/error-code.ts';
import { useServices } from '../../app/services.ts';
import { Field, FormError } from '../../ui/Field.tsx';
import { Popup } from '../../ui/Popup.tsx';
import { useAdminErrorText } from './admin-words.ts';
import { focusFirstError, issuePaths, moneyText, parseMoney, parseWhole, serverField, useFieldWords, type FieldErrors } from './catalogue-form.ts';
import { CATALOGUE_KEY } from './catalogue-queries.ts';

/** A variance as its form holds it: text as typed. */
export type VarianceDraft = { nameEn: string; nameZh: string; hkd: string; usd: string; stock: string; stopSell: boolean };

export const emptyVariance = (): VarianceDraft => ({ nameEn: '', nameZh: '', hkd: '', usd: '', stock: '0', stopSell: false });

const draftOf = (variance: StaffVariance): VarianceDraft => ({
  nameEn: variance.Name.en,
  nameZh: variance.Name.zh,
  hkd: moneyText(variance.Price.HKD),
  usd: moneyText(variance.Price.USD),
  stock: String(variance.Stock),
  stopSell: variance.StopSell,
});

export type CheckedVariance = {
  Name: { en: string; zh: string };
  Price: { HKD: number; USD: number };
  Stock: number;
  StopSell: boolean;
};

/**
 * A draft checked with the calls' own schemas: the variance to send, or the paths (under `prefix`) of the
 * fields to fix. Prices are read from the decimals typed (parseMoney); stock is checked only when it is sent.
 */
export function checkVariance(draft: VarianceDraft, withStock: boolean, prefix = ''): { variance?: CheckedVariance; errors: FieldErrors } {
  const errors: FieldErrors = {};
  const name = v.safeParse(VarianceName, { en: draft.nameEn, zh: draft.nameZh });
  if (!name.success) for (const path of Object.keys(issuePaths(name.issues))) errors[`${prefix}Name.${path}`] = true;
  const hkd = parseMoney(draft.hkd);
  const usd = parseMoney(draft.usd);
  if (hkd === undefined) errors[`${prefix}Price.HKD`] = true;
  if (usd === undefined) errors[`${prefix}Price.USD`] = true;
  const price = v.safeParse(VariancePrice, { HKD: hkd ?? 0, USD: usd ?? 0 });
  if (!price.success) for (const path of Object.keys(issuePaths(price.issues))) errors[`${prefix}Price.${path}`] = true;
  const stockNumber = withStock ? parseWhole(draft.stock) : 0;
  const stock = v.safeParse(StockCount, stockNumber ?? -1);
  if (!stock.success) errors[`${prefix}Stock`] = true;
  if (Object.keys(errors).length > 0 || !name.success || !price.success || !stock.success) return { errors };
  return { variance: { Name: name.output, Price: price.output, Stock: stock.output, StopSell: draft.stopSell }, errors };
}

/** The fields of one variance (names, prices, stock when it is new, stop-sale), their errors by path under `prefix`. */
export function VarianceFields(props: { draft: VarianceDraft; onChange: (draft: VarianceDraft) => void; errors: FieldErrors; prefix?: string; withStock: boolean }) {
  const words = useFieldWords();
  const { draft, onChange, errors } = props;
  const prefix = props.prefix ?? '';
  const error = (path: string) => (errors[prefix + path] ? words(prefix + path) : undefined);
  const set = (change: Partial<VarianceDraft>) => onChange({ ...draft, ...change });
  return (
    <div className="catalogue-grid">
      <Field label={<Trans>Variance name (English)</Trans>} value={draft.nameEn} maxLength={VARIANCE_NAME_MAX} onChange={(e) => set({ nameEn: e.target.value })} error={error('Name.en')} />
      <Field label={<Trans>Variance name (Chinese)</Trans>} lang="zh-Hant" value={draft.nameZh} maxLength={VARIANCE_NAME_MAX} onChange={(e) => set({ nameZh: e.target.value })} error={error('Name.zh')} />
      <Field label={<Trans>Price in HK$</Trans>} inputMode="decimal" autoComplete="off" placeholder="128.00" value={draft.hkd} onChange={(e) => set({ hkd: e.target.value })} error={error('Price.HKD')} />
      <Field label={<Trans>Price in US$</Trans>} inputMode="decimal" autoComplete="off" placeholder="16.50" value={draft.usd} onChange={(e) => set({ usd: e.target.value })} error={error('Price.USD')} />
      {props.withStock && (
        <Field label={<Trans>Units in stock</Trans>} inputMode="numeric" autoComplete="off" value={draft.stock} onChange={(e) => set({ stock: e.target.value })} error={error('Stock')} />
      )}
      <label className="catalogue-check">
        <input type="checkbox" checked={draft.stopSell} onChange={(e) => set({ stopSell: e.target.checked })} />
        <Trans>Variance sale stopped</Trans>
      </label>
    </div>
  );
}

/**
 * Add a variance to a product (with its first stock), or change one's names, prices and stop-sale (its stock
 * moves only through Adjust stock). A 400 naming a field is said at that field.
 */
export function VarianceDialog(props: { product: StaffProduct; variance?: StaffVariance; onClose: () => void; onSaved: (name: string) => void }) {
  const { api, queryClient } = useServices();
  const { t } = useLingui();
  const errorText = useAdminErrorText();
  const form = useRef<HTMLFormElement>(null);
  const editing = props.variance;
  const [draft, setDraft] = useState<VarianceDraft>(() => (editing ? draftOf(editing) : emptyVariance()));
  const [invalid, setInvalid] = useState<FieldErrors>({});
  // Set at once on submit, before the pending state re-renders the button disabled.
  const sending = useRef(false);
  const save = useMutation({
    mutationFn: (variance: CheckedVariance) =>
      editing
        ? api.call(staffUpdateVariance, { VarianceID: editing.VarianceID, Name: variance.Name, Price: variance.Price, StopSell: variance.StopSell })
        : api.call(staffCreateVariance, { ProductID: props.product.ProductID, ...variance }),
    onSuccess: async (_answer, variance) => {
      await queryClient.invalidateQueries({ queryKey: CATALOGUE_KEY });
      props.onSaved(variance.Name.en);
    },
    onError: () => requestAnimationFrame(() => focusFirstError(form.current)),
    onSettled: () => {
      sending.current = false;
    },
    meta: { handlesErrors: true },
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (sending.current) return;
    const checked = checkVariance(draft, !editing);
    setInvalid(checked.errors);
    save.reset();
    if (checked.variance) {
      sending.current = true;
      save.mutate(checked.variance);
    } else requestAnimationFrame(() => focusFirstError(form.current));
  };

  const code = errorCode(save.error);
  const refused = serverField(save.error);
  // A field the form shows takes the server's refusal; any other (the variance or product gone) is said below.
  const onField = refused !== undefined && /^(Name\.(en|zh)|Price\.(HKD|USD)|Stock)$/.test(refused);
  const errors: FieldErrors = onField ? { ...invalid, [refused]: true } : invalid;
  const formError = code && !onField ? (code === 'ObjectNotFound' ? t`This product or variance no longer exists.` : errorText(code, 'load')) : undefined;
  const productName = props.product.Name.en;
  const varianceName = editing?.Name.en ?? '';
  return (
    <Popup title={editing ? t`Edit variance ${varianceName} of ${productName}` : t`Add a variance to ${productName}`} onClose={props.onClose}>
      <form ref={form} className="admin-dialog" onSubmit={submit} noValidate>
        <VarianceFields draft={draft} onChange={setDraft} errors={errors} withStock={!editing} />
        {formError && <FormError>{formError}</FormError>}
        <div className="admin-dialog-actions">
          <button type="submit" className="button primary" disabled={save.isPending} aria-busy={save.isPending}>
            {save.isPending ? <Trans>Saving…</Trans> : editing ? <Trans>Save variance</Trans> : <Trans>Add variance</Trans>}
          </button>
          <button type="button" className="button" onClick={props.onClose}>
            <Trans>Close</Trans>
          </button>
        </div>
      </form>
    </Popup>
  );
}
