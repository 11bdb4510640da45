import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { staffCreateSubscriptionPlan, staffUpdateSubscriptionPlan, type StaffSubscriptionPlan, type SubscriptionDuration } from '../../../contract/index.ts';
import { PLAN_DESCRIPTION_MAX, PLAN_ITEMS_MAX, PLAN_NAME_MAX } from '../../../contract/staff-plan-fields.ts';
import { ApiError } from '../../api/client.ts';
import { errorCode } from '../../api/error-code.ts';
import { useServices } from '../../app/services.ts';
import { Field, FieldFrame, FormError } from '../../ui/Field.tsx';
import { Popup } from '../../ui/Popup.tsx';
import { SelectField } from '../../ui/SelectField.tsx';
import { useAdminErrorText } from './admin-words.ts';
import { PairOfAmounts } from './CouponDialogs.tsx';
import { couponSubscriptionQueries, CUSTOMER_PLANS_KEY, SUBSCRIPTIONS_KEY } from './coupon-subscription-queries.ts';
import { hasSubscribers, newItemDraft, newPlanValues, planValues, readPlanChanges, readPlanForm, type PlanField, type PlanFieldErrors, type PlanFormValues } from './plan-form.ts';
import { useSubscriptionWords } from './subscription-admin-words.ts';

const DURATIONS: SubscriptionDuration[] = ['month', 'quarter', 'annual'];

/** The field a refused call names (its `field`), if any. */
const refusedField = (error: unknown) => (error instanceof ApiError && typeof error.details.field === 'string' ? error.details.field : undefined);

/** Words for each field that is wrong, whether the form or the server found it. */
function useFieldWords(): Record<PlanField, string> {
  const { t } = useLingui();
  return {
    nameEn: t`Enter the English name (at most 100 characters).`,
    nameZh: t`Enter the Chinese name (at most 100 characters).`,
    descriptionEn: t`The English description may have at most 2,000 characters.`,
    descriptionZh: t`The Chinese description may have at most 2,000 characters.`,
    duration: t`Members have subscribed to this plan, so its interval can no longer change. Make a new plan for another interval.`,
    price: t`Enter the price in both currencies, more than 0, with at most two decimals (as 298 or 38.50).`,
    image: t`Enter an artwork seed such as box-30-0: a motif (leaf, teapot, cup, bean, pourover, incense, censer, bottle, glass, kettle, box, landscape), a hue from 0 to 359 and a variant from 0 to 9.`,
    items: t`Choose at least one box set for the box, each once, and how many of it (1 to 99).`,
  };
}

/**
 * Making a subscription plan (no `plan`) or changing one: names and descriptions in both languages, the interval,
 * the price per cycle in both currencies (typed as decimals), the picture, what each box holds and whether it is on
 * sale, checked with the calls' own schemas before anything is sent; an edit sends only what changed. A new price
 * is for members who subscribe from then on (said in the form); the interval is fixed once members have subscribed.
 * After a save the customers' plan pages read the plans again.
 */
export function PlanDialog({ plan, onClose, onSaved }: { plan?: StaffSubscriptionPlan; onClose: () => void; onSaved: (plan: StaffSubscriptionPlan, made: boolean) => void }) {
  const { api, queryClient } = useServices();
  const { t, i18n } = useLingui();
  const zh = i18n.locale.startsWith('zh');
  const words = useFieldWords();
  const subscriptionWords = useSubscriptionWords();
  const errorText = useAdminErrorText();
  const boxSets = useQuery(couponSubscriptionQueries.boxSets(api));
  const [values, setValues] = useState<PlanFormValues>(() => (plan ? planValues(plan) : newPlanValues()));
  const [invalid, setInvalid] = useState<PlanFieldErrors>({});
  const [unchanged, setUnchanged] = useState(false);
  const fixedInterval = plan !== undefined && hasSubscribers(plan);
  const save = useMutation({
    mutationFn: async (form: PlanFormValues) => {
      if (!plan) {
        const read = readPlanForm(form);
        return read.body ? { plan: (await api.call(staffCreateSubscriptionPlan, read.body)).Plan, made: true } : undefined;
      }
      const read = readPlanChanges(plan, form);
      return read.body ? { plan: (await api.call(staffUpdateSubscriptionPlan, read.body)).Plan, made: false } : undefined;
    },
    onSuccess: async (saved) => {
      if (!saved) return;
      await Promise.all([queryClient.invalidateQueries({ queryKey: SUBSCRIPTIONS_KEY }), queryClient.invalidateQueries({ queryKey: CUSTOMER_PLANS_KEY })]);
      onSaved(saved.plan, saved.made);
    },
    meta: { handlesErrors: true },
  });

  const code = errorCode(save.error);
  const field = refusedField(save.error);
  // What the server refused, said at the field it names where the form has one.
  const server: PlanFieldErrors & { message?: string } = {};
  if (code === 'PlanHasSubscribers') server.duration = true;
  else if (code === 'InvalidParameter' && field === 'Image') server.image = true;
  else if (code === 'InvalidParameter' && field?.startsWith('Items')) server.items = true;
  else if (code === 'ObjectNotFound') server.message = t`This plan no longer exists.`;
  else if (code) server.message = errorText(code, 'load');
  const errorOf = (name: PlanField) => (invalid[name] || server[name] ? words[name] : undefined);

  const change = (next: Partial<PlanFormValues>) => {
    setValues((before) => ({ ...before, ...next }));
    // A refusal or "nothing has changed" was about the values as they were.
    if (save.error) save.reset();
    setUnchanged(false);
  };
  const text = (key: 'nameEn' | 'nameZh' | 'priceHKD' | 'priceUSD' | 'image') => ({
    value: values[key],
    onChange: (e: ChangeEvent<HTMLInputElement>) => change({ [key]: e.target.value } as Partial<PlanFormValues>),
  });
  const setItem = (index: number, next: Partial<PlanFormValues['items'][number]>) =>
    change({ items: values.items.map((row, i) => (i === index ? { ...row, ...next } : row)) });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (save.isPending) return;
    const read = plan ? readPlanChanges(plan, values) : readPlanForm(values);
    setInvalid(read.errors ?? {});
    if (read.errors) return;
    // An edit that changes nothing is not sent.
    const nothing = plan && Object.keys(read.body).length === 1;
    setUnchanged(!!nothing);
    if (!nothing) save.mutate(values);
  };

  // The box sets to choose from, and any variance the plan holds that is not among them (kept choosable as it is).
  const products = boxSets.data ?? [];
  const offered = new Set(products.flatMap((p) => p.Variances.map((variance) => variance.VarianceID)));
  const others = (plan?.Items ?? []).filter((i) => !offered.has(i.VarianceID));
  const local = (name: { en: string; zh: string }) => (zh ? name.zh : name.en);
  const planName = plan ? local(plan.Name) : '';
  const itemsError = errorOf('items');

  return (
    <Popup
      title={plan ? t`Change plan ${planName}` : t`New subscription plan`}
      description={
        plan ? t`A new price is what members subscribing from now on pay: each subscriber keeps paying the price they subscribed at.` : t`Members subscribe to it on the subscription page.`
      }
      onClose={onClose}
    >
      <form className="admin-dialog coupon-form" onSubmit={submit} noValidate>
        <div className="coupon-form-pair">
          <Field label={<Trans>Name in English</Trans>} {...text('nameEn')} maxLength={PLAN_NAME_MAX} error={errorOf('nameEn')} />
          <Field label={<Trans>Name in Chinese</Trans>} {...text('nameZh')} maxLength={PLAN_NAME_MAX} lang="zh-Hant" error={errorOf('nameZh')} />
        </div>
        <FieldFrame
          label={<Trans>Description in English</Trans>}
          error={errorOf('descriptionEn')}
          control={(links) => <textarea {...links} rows={3} maxLength={PLAN_DESCRIPTION_MAX} value={values.descriptionEn} onChange={(e) => change({ descriptionEn: e.target.value })} />}
        />
        <FieldFrame
          label={<Trans>Description in Chinese</Trans>}
          error={errorOf('descriptionZh')}
          control={(links) => (
            <textarea {...links} lang="zh-Hant" rows={3} maxLength={PLAN_DESCRIPTION_MAX} value={values.descriptionZh} onChange={(e) => change({ descriptionZh: e.target.value })} />
          )}
        />
        <SelectField
          label={<Trans>Interval</Trans>}
          value={values.duration}
          disabled={fixedInterval}
          hint={fixedInterval ? <Trans>Fixed: members have subscribed to this plan.</Trans> : <Trans>How often a box is sent and billed.</Trans>}
          error={errorOf('duration')}
          onChange={(e) => change({ duration: e.target.value as SubscriptionDuration })}
        >
          {DURATIONS.map((d) => (
            <option key={d} value={d}>
              {subscriptionWords.duration(d)}
            </option>
          ))}
        </SelectField>
        <PairOfAmounts label={<Trans>Price per cycle</Trans>} hkd={text('priceHKD')} usd={text('priceUSD')} error={errorOf('price')} />
        <Field
          label={<Trans>Picture (artwork seed)</Trans>}
          {...text('image')}
          maxLength={64}
          autoComplete="off"
          spellCheck={false}
          hint={<Trans>Such as box-30-0: motif, hue, variant.</Trans>}
          error={errorOf('image')}
        />
        <fieldset className="coupon-form-group" data-invalid={!!itemsError}>
          <legend>
            <Trans>What each box holds</Trans>
          </legend>
          {plan && (
            <p className="field-hint">
              <Trans>Boxes placed from now on hold these; boxes already placed stay as they are.</Trans>
            </p>
          )}
          {boxSets.isPending ? (
            <p role="status" className="muted">
              <Trans>Loading the box sets…</Trans>
            </p>
          ) : boxSets.isError ? (
            <p role="alert">
              <Trans>The box sets could not be loaded.</Trans>{' '}
              <button type="button" className="button small" onClick={() => void boxSets.refetch()}>
                <Trans>Try again</Trans>
              </button>
            </p>
          ) : (
            <ol className="plan-items">
              {values.items.map((row, index) => {
                const number = index + 1;
                return (
                  <li key={row.key} className="plan-item">
                    <SelectField label={t`Box set ${number}`} value={row.varianceId} onChange={(e) => setItem(index, { varianceId: e.target.value })}>
                      <option value="">{t`Choose a box set`}</option>
                      {products.map((p) => (
                        <optgroup key={p.ProductID} label={local(p.Name)}>
                          {p.Variances.map((variance) => (
                            <option key={variance.VarianceID} value={variance.VarianceID}>
                              {local(p.Name)}: {local(variance.Name)}
                            </option>
                          ))}
                        </optgroup>
                      ))}
                      {others.map((i) => (
                        <option key={i.VarianceID} value={i.VarianceID}>
                          {local(i.Name)}: {local(i.VarianceName)}
                        </option>
                      ))}
                    </SelectField>
                    <Field
                      label={t`How many of box set ${number}`}
                      value={row.quantity}
                      inputMode="numeric"
                      autoComplete="off"
                      onChange={(e) => setItem(index, { quantity: e.target.value })}
                    />
                    <button
                      type="button"
                      className="button small danger-text"
                      aria-label={t`Remove box set ${number}`}
                      disabled={values.items.length === 1}
                      onClick={() => change({ items: values.items.filter((_, i) => i !== index) })}
                    >
                      <Trans>Remove</Trans>
                    </button>
                  </li>
                );
              })}
            </ol>
          )}
          <button
            type="button"
            className="button small"
            disabled={values.items.length >= PLAN_ITEMS_MAX}
            onClick={() => change({ items: [...values.items, newItemDraft()] })}
          >
            <Trans>Add a box set</Trans>
          </button>
          {itemsError && (
            <p className="field-error" role="alert">
              {itemsError}
            </p>
          )}
        </fieldset>
        <label className="coupon-form-choice">
          <input type="checkbox" checked={values.onSale} onChange={(e) => change({ onSale: e.target.checked })} />{' '}
          <Trans>On sale: members may subscribe (subscribers renew either way)</Trans>
        </label>
        {server.message && <FormError>{server.message}</FormError>}
        {unchanged && (
          <p role="status" className="muted">
            <Trans>Nothing has changed.</Trans>
          </p>
        )}
        <div className="admin-dialog-actions">
          <button type="submit" className="button primary" disabled={save.isPending} aria-busy={save.isPending}>
            {save.isPending ? <Trans>Saving…</Trans> : plan ? <Trans>Save the changes</Trans> : <Trans>Make the plan</Trans>}
          </button>
          <button type="button" className="button" onClick={onClose}>
            <Trans>Cancel</Trans>
          </button>
        </div>
      </form>
    </Popup>
  );
}
