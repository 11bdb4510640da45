import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useId, useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react';
import { COUPON_ORDER_KINDS, staffCreateCoupon, staffUpdateCoupon, type StaffCoupon } from '../../../contract/index.ts';
import { ApiError } from '../../api/client.ts';
import { errorCode } from '../../api/error-code.ts';
import { useServices } from '../../app/services.ts';
import { Field, FormError } from '../../ui/Field.tsx';
import { Popup } from '../../ui/Popup.tsx';
import { useAdminErrorText, useKindName } from './admin-words.ts';
import { couponValues, newCouponValues, readCouponChanges, readCouponForm, type CouponField, type CouponFieldErrors, type CouponFormValues } from './coupon-form.ts';
import { COUPONS_KEY, couponSubscriptionQueries } from './coupon-subscription-queries.ts';

/** After a change the coupons are read afresh (the row, its status, and the other filters' pages). */
function useRefreshCoupons() {
  const { queryClient } = useServices();
  return () => queryClient.invalidateQueries({ queryKey: COUPONS_KEY });
}

/** The field a refused call names (its `field`), if any. */
const refusedField = (error: unknown) => (error instanceof ApiError && typeof error.details.field === 'string' ? error.details.field : undefined);

/** Words for each field that is wrong, whether the form or the server found it. */
function useFieldWords(): Record<CouponField, string> {
  const { t } = useLingui();
  return {
    code: t`Enter a code of letters, digits, - and _ only (at most 40 characters).`,
    nameEn: t`Enter the English name (at most 100 characters).`,
    nameZh: t`Enter the Chinese name (at most 100 characters).`,
    amount: t`Enter the amount off in both currencies, more than 0, with at most two decimals (as 30 or 12.50).`,
    percent: t`Enter a whole percent from 1 to 100.`,
    minSpend: t`Enter the minimum spend in both currencies, 0 or more, with at most two decimals.`,
    maxUses: t`Leave it empty for no limit, or enter a whole number from 1 to 1,000,000.`,
    maxUsesPerMember: t`Leave it empty for no limit, or enter a whole number from 1 to 1,000,000.`,
    validFrom: t`Enter a Hong Kong time as yyyy-MM-dd HH:mm.`,
    validUntil: t`Enter a Hong Kong time as yyyy-MM-dd HH:mm, after the start.`,
  };
}

/**
 * Making a coupon (no `coupon`) or changing one: every field typed as staff read it (decimal amounts, Hong Kong
 * times), checked with the calls' own schemas before anything is sent; an edit sends only what changed. A code
 * taken already is said at the code field, an amount that may no longer change (members used the coupon) at
 * the amount.
 */
export function CouponFormDialog({ coupon, onClose, onSaved }: { coupon?: StaffCoupon; onClose: () => void; onSaved: (coupon: StaffCoupon, made: boolean) => void }) {
  const { api } = useServices();
  const { t, i18n } = useLingui();
  const words = useFieldWords();
  const errorText = useAdminErrorText();
  const kindName = useKindName();
  const refresh = useRefreshCoupons();
  const types = useQuery(couponSubscriptionQueries.productTypes(api));
  const [values, setValues] = useState<CouponFormValues>(() => (coupon ? couponValues(coupon) : newCouponValues(Date.now())));
  const [invalid, setInvalid] = useState<CouponFieldErrors>({});
  const [unchanged, setUnchanged] = useState(false);
  const save = useMutation({
    mutationFn: async (form: CouponFormValues) => {
      if (!coupon) {
        const read = readCouponForm(form);
        return read.body ? { coupon: (await api.call(staffCreateCoupon, read.body)).Coupon, made: true } : undefined;
      }
      const read = readCouponChanges(coupon, form);
      return read.body ? { coupon: (await api.call(staffUpdateCoupon, read.body)).Coupon, made: false } : undefined;
    },
    onSuccess: async (saved) => {
      if (!saved) return;
      await refresh();
      onSaved(saved.coupon, saved.made);
    },
    meta: { handlesErrors: true },
  });

  const code = errorCode(save.error);
  const field = refusedField(save.error);
  // What the server refused, said at the field it names where the form has one.
  const server: CouponFieldErrors & { message?: string } = {};
  if (code === 'CouponCodeTaken') server.code = true;
  else if (code === 'CouponAlreadyUsed') server.message = t`Members have used this coupon already, so its amount or percent can no longer change. Put it back as it was, or make a new coupon.`;
  else if (code === 'ObjectNotFound') server.message = t`This coupon no longer exists.`;
  else if (code === 'InvalidParameter' && (field === 'ValidFrom' || field === 'ValidUntil')) server.validUntil = true;
  else if (code === 'InvalidParameter' && field === 'ProductTypeIDs') server.message = t`One of the product types no longer exists. Close the form and open it again.`;
  else if (code === 'InvalidParameter' && field?.startsWith('OrderKinds')) server.message = t`One of the kinds of order is not known to the shop. Reload the page and try again.`;
  else if (code) server.message = errorText(code, 'load');
  const errorOf = (name: CouponField) => (name === 'code' && server.code ? t`This code is taken already: choose another.` : invalid[name] || server[name] ? words[name] : undefined);

  const set = <K extends keyof CouponFormValues>(key: K, value: CouponFormValues[K]) => {
    setValues((before) => ({ ...before, [key]: value }));
    // A refusal or "nothing has changed" was about the values as they were.
    if (save.error) save.reset();
    setUnchanged(false);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (save.isPending) return;
    const read = coupon ? readCouponChanges(coupon, values) : readCouponForm(values);
    setInvalid(read.errors ?? {});
    if (read.errors) return;
    // An edit that changes nothing is not sent.
    const nothing = coupon && Object.keys(read.body).length === 1;
    setUnchanged(!!nothing);
    if (!nothing) save.mutate(values);
  };
  const text = (key: keyof CouponFormValues) => ({
    value: values[key] as string,
    onChange: (e: ChangeEvent<HTMLInputElement>) => set(key, e.target.value as never),
  });
  const couponCode = coupon?.CouponID ?? '';

  return (
    <Popup
      title={coupon ? t`Change coupon ${couponCode}` : t`New coupon`}
      description={coupon ? t`Changes hold from now on; uses already made stay.` : t`Members type its code at checkout.`}
      onClose={onClose}
    >
      <form className="admin-dialog coupon-form" onSubmit={submit} noValidate>
        {!coupon && (
          <Field label={<Trans>Code</Trans>} {...text('code')} maxLength={40} autoComplete="off" spellCheck={false} hint={<Trans>Saved in capitals, as members type it.</Trans>} error={errorOf('code')} />
        )}
        <div className="coupon-form-pair">
          <Field label={<Trans>Name in English</Trans>} {...text('nameEn')} maxLength={100} error={errorOf('nameEn')} />
          <Field label={<Trans>Name in Chinese</Trans>} {...text('nameZh')} maxLength={100} lang="zh-Hant" error={errorOf('nameZh')} />
        </div>
        <fieldset className="coupon-form-group">
          <legend>
            <Trans>Discount</Trans>
          </legend>
          <label className="coupon-form-choice">
            <input type="radio" name="coupon-kind" checked={values.kind === 'fixed'} onChange={() => set('kind', 'fixed')} /> <Trans>An amount off</Trans>
          </label>
          <label className="coupon-form-choice">
            <input type="radio" name="coupon-kind" checked={values.kind === 'percent'} onChange={() => set('kind', 'percent')} /> <Trans>A percentage off</Trans>
          </label>
          {values.kind === 'fixed' ? (
            <PairOfAmounts label={<Trans>Amount off</Trans>} hkd={text('amountHKD')} usd={text('amountUSD')} error={errorOf('amount')} />
          ) : (
            <Field label={<Trans>Percent off</Trans>} {...text('percent')} inputMode="numeric" autoComplete="off" error={errorOf('percent')} />
          )}
          {code === 'CouponAlreadyUsed' && <FormError>{server.message}</FormError>}
        </fieldset>
        <PairOfAmounts label={<Trans>Minimum spend (0: none)</Trans>} hkd={text('minHKD')} usd={text('minUSD')} error={errorOf('minSpend')} />
        <div className="coupon-form-pair">
          <Field label={<Trans>Uses in all</Trans>} {...text('maxUses')} inputMode="numeric" autoComplete="off" hint={<Trans>Empty: no limit.</Trans>} error={errorOf('maxUses')} />
          <Field
            label={<Trans>Uses per member</Trans>}
            {...text('maxUsesPerMember')}
            inputMode="numeric"
            autoComplete="off"
            hint={<Trans>Empty: no limit.</Trans>}
            error={errorOf('maxUsesPerMember')}
          />
        </div>
        <div className="coupon-form-pair">
          <Field label={<Trans>Valid from</Trans>} {...text('validFrom')} autoComplete="off" hint={<Trans>Hong Kong time, yyyy-MM-dd HH:mm.</Trans>} error={errorOf('validFrom')} />
          <Field label={<Trans>Valid until</Trans>} {...text('validUntil')} autoComplete="off" hint={<Trans>Hong Kong time, not included.</Trans>} error={errorOf('validUntil')} />
        </div>
        <fieldset className="coupon-form-group">
          <legend>
            <Trans>Applies to</Trans>
          </legend>
          <p className="field-hint">
            <Trans>None ticked: every product type.</Trans>
          </p>
          {types.isPending ? (
            <p role="status" className="muted">
              <Trans>Loading the product types…</Trans>
            </p>
          ) : types.isError ? (
            <p role="alert">
              <Trans>The product types could not be loaded.</Trans>{' '}
              <button type="button" className="button small" onClick={() => void types.refetch()}>
                <Trans>Try again</Trans>
              </button>
            </p>
          ) : (
            <div className="coupon-form-types">
              {types.data.map((type) => (
                <label key={type.ProductTypeID} className="coupon-form-choice">
                  <input
                    type="checkbox"
                    checked={values.productTypeIds.includes(type.ProductTypeID)}
                    onChange={(e) =>
                      set('productTypeIds', e.target.checked ? [...values.productTypeIds, type.ProductTypeID] : values.productTypeIds.filter((id) => id !== type.ProductTypeID))
                    }
                  />{' '}
                  {i18n.locale.startsWith('zh') ? type.Name.zh : type.Name.en}
                </label>
              ))}
            </div>
          )}
        </fieldset>
        <fieldset className="coupon-form-group">
          <legend>
            <Trans>Kinds of order</Trans>
          </legend>
          <p className="field-hint">
            <Trans>None ticked: all kinds.</Trans>
          </p>
          <div className="coupon-form-types">
            {COUPON_ORDER_KINDS.map((kind) => (
              <label key={kind} className="coupon-form-choice">
                <input
                  type="checkbox"
                  checked={values.orderKinds.includes(kind)}
                  onChange={(e) => set('orderKinds', e.target.checked ? [...values.orderKinds, kind] : values.orderKinds.filter((k) => k !== kind))}
                />{' '}
                {kindName(kind)}
              </label>
            ))}
          </div>
        </fieldset>
        <label className="coupon-form-choice">
          <input type="checkbox" checked={values.listed} onChange={(e) => set('listed', e.target.checked)} /> <Trans>Show it in members’ list of coupons</Trans>
        </label>
        {server.message && code !== 'CouponAlreadyUsed' && <FormError>{server.message}</FormError>}
        {unchanged && (
          <p role="status" className="muted">
            <Trans>Nothing has changed.</Trans>
          </p>
        )}
        <div className="admin-dialog-actions">
          <button type="submit" className="button primary" disabled={save.isPending} aria-busy={save.isPending}>
            {save.isPending ? <Trans>Saving…</Trans> : coupon ? <Trans>Save the changes</Trans> : <Trans>Make the coupon</Trans>}
          </button>
          <button type="button" className="button" onClick={onClose}>
            <Trans>Cancel</Trans>
          </button>
        </div>
      </form>
    </Popup>
  );
}

type TextInput = { value: string; onChange: (e: ChangeEvent<HTMLInputElement>) => void };

/** An amount in both currencies, typed as decimals, with one error for the pair (the plan form's price too). */
export function PairOfAmounts({ label, hkd, usd, error }: { label: ReactNode; hkd: TextInput; usd: TextInput; error: string | undefined }) {
  const { t } = useLingui();
  const errorId = `${useId()}-error`;
  const links = error ? { 'aria-invalid': true, 'aria-describedby': errorId } : {};
  return (
    <fieldset className="coupon-form-group" data-invalid={!!error}>
      <legend>{label}</legend>
      <div className="coupon-form-pair">
        <Field label={t`HKD`} {...hkd} inputMode="decimal" autoComplete="off" {...links} />
        <Field label={t`USD`} {...usd} inputMode="decimal" autoComplete="off" {...links} />
      </div>
      {error && (
        <p id={errorId} className="field-error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/** Disabling a coupon (members' calls refuse it from now) or enabling it again, once confirmed. */
export function CouponSwitchDialog({ coupon, onClose, onDone }: { coupon: StaffCoupon; onClose: () => void; onDone: (coupon: StaffCoupon) => void }) {
  const { api } = useServices();
  const { t } = useLingui();
  const errorText = useAdminErrorText();
  const refresh = useRefreshCoupons();
  const disabling = coupon.DisabledAt === null;
  const change = useMutation({
    mutationFn: () => api.call(staffUpdateCoupon, { CouponID: coupon.CouponID, Disabled: disabling }),
    onSuccess: async ({ Coupon }) => {
      await refresh();
      onDone(Coupon);
    },
    meta: { handlesErrors: true },
  });
  const code = errorCode(change.error);
  const couponCode = coupon.CouponID;
  return (
    <Popup
      role="alertdialog"
      title={disabling ? t`Disable coupon ${couponCode}?` : t`Enable coupon ${couponCode} again?`}
      description={
        disabling
          ? t`Members can no longer use it from now, whatever its dates. Orders that hold it already keep their discount.`
          : t`Members can use it again, within its dates and limits.`
      }
      onClose={onClose}
    >
      <div className="admin-dialog">
        {code && <FormError>{code === 'ObjectNotFound' ? t`This coupon no longer exists.` : errorText(code, 'load')}</FormError>}
        <div className="admin-dialog-actions">
          <button
            type="button"
            className={disabling ? 'button danger-text' : 'button primary'}
            disabled={change.isPending}
            aria-busy={change.isPending}
            onClick={() => !change.isPending && change.mutate()}
          >
            {change.isPending ? <Trans>Saving…</Trans> : disabling ? <Trans>Disable the coupon</Trans> : <Trans>Enable the coupon</Trans>}
          </button>
          <button type="button" className="button" onClick={onClose}>
            {disabling ? <Trans>Keep it on</Trans> : <Trans>Keep it off</Trans>}
          </button>
        </div>
      </div>
    </Popup>
  );
}
