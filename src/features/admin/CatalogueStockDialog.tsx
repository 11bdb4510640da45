import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import * as v from 'valibot';
import { staffAdjustStock, type StaffProduct, type StaffVariance } from '../../../contract/index.ts';
import { STOCK_REASON_MAX, StockDelta, StockReason } from '../../../contract/staff-catalogue-fields.ts';
import { ApiError } from '../../api/client.ts';
import { errorCode } from '../../api/error-code.ts';
import { useServices } from '../../app/services.ts';
import { Field, FormError } from '../../ui/Field.tsx';
import { Popup } from '../../ui/Popup.tsx';
import { formatNumber } from '../../ui/format.ts';
import { useAdminErrorText } from './admin-words.ts';
import { focusFirstError, parseWhole, serverField, useFieldWords, type FieldErrors } from './catalogue-form.ts';
import { CATALOGUE_KEY } from './catalogue-queries.ts';

/**
 * Adjust one variance's stock by a signed amount, with the reason the audit log keeps. The server applies it
 * in one conditional update and refuses to go below zero (StockBelowZero, with the stock there is), said here
 * in words. The button is disabled while the request is out, so a double submit sends one.
 */
export function StockDialog(props: { product: StaffProduct; variance: StaffVariance; onClose: () => void; onAdjusted: (variance: StaffVariance) => void }) {
  const { api, queryClient } = useServices();
  const { t, i18n } = useLingui();
  const words = useFieldWords();
  const errorText = useAdminErrorText();
  const form = useRef<HTMLFormElement>(null);
  const [delta, setDelta] = useState('');
  const [reason, setReason] = useState('');
  const [invalid, setInvalid] = useState<FieldErrors>({});
  // Set at once on submit, before the pending state re-renders the button disabled: a second press in
  // between sends nothing.
  const sending = useRef(false);
  const adjust = useMutation({
    mutationFn: (body: { Delta: number; Reason: string }) => api.call(staffAdjustStock, { VarianceID: props.variance.VarianceID, ...body }),
    onSuccess: async ({ Variance }) => {
      await queryClient.invalidateQueries({ queryKey: CATALOGUE_KEY });
      props.onAdjusted(Variance);
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
    const amount = parseWhole(delta);
    const checked = { Delta: amount === undefined ? undefined : v.safeParse(StockDelta, amount), Reason: v.safeParse(StockReason, reason) };
    const errors: FieldErrors = {};
    if (!checked.Delta?.success) errors.Delta = true;
    if (!checked.Reason.success) errors.Reason = true;
    setInvalid(errors);
    adjust.reset();
    if (checked.Delta?.success && checked.Reason.success) {
      sending.current = true;
      adjust.mutate({ Delta: checked.Delta.output, Reason: checked.Reason.output });
    } else requestAnimationFrame(() => focusFirstError(form.current));
  };

  const code = errorCode(adjust.error);
  const refusedField = serverField(adjust.error);
  const below = code === 'StockBelowZero';
  const stockNow = below && adjust.error instanceof ApiError && typeof adjust.error.details.Stock === 'number' ? adjust.error.details.Stock : undefined;
  const stockNowText = stockNow === undefined ? '' : formatNumber(stockNow, i18n.locale);
  const belowWords =
    stockNow === undefined
      ? t`That would take the stock below zero. Nothing was changed.`
      : t`That would take the stock below zero: there are ${stockNowText} in stock. Nothing was changed.`;
  const deltaError = below ? belowWords : invalid.Delta || refusedField === 'Delta' ? words('Delta') : undefined;
  const reasonError = invalid.Reason || refusedField === 'Reason' ? words('Reason') : undefined;
  const formError = code && !below && refusedField !== 'Delta' && refusedField !== 'Reason' ? (code === 'ObjectNotFound' ? t`This variance no longer exists.` : errorText(code, 'load')) : undefined;

  const name = props.variance.Name.en;
  const productName = props.product.Name.en;
  const stock = formatNumber(props.variance.Stock, i18n.locale);
  return (
    <Popup title={t`Adjust stock of ${name}, ${productName}`} description={t`In stock when the list was read: ${stock}.`} onClose={props.onClose}>
      <form ref={form} className="admin-dialog" onSubmit={submit} noValidate>
        <Field
          label={<Trans>Change in units</Trans>}
          hint={<Trans>Positive for units received, negative for units gone (such as -3).</Trans>}
          value={delta}
          inputMode="numeric"
          autoComplete="off"
          onChange={(e) => setDelta(e.target.value)}
          error={deltaError}
        />
        <Field
          label={<Trans>Reason</Trans>}
          hint={<Trans>Received, damaged, count correction… It is kept in the audit log.</Trans>}
          value={reason}
          maxLength={STOCK_REASON_MAX}
          onChange={(e) => setReason(e.target.value)}
          error={reasonError}
        />
        {formError && <FormError>{formError}</FormError>}
        <div className="admin-dialog-actions">
          <button type="submit" className="button primary" disabled={adjust.isPending} aria-busy={adjust.isPending}>
            {adjust.isPending ? <Trans>Adjusting…</Trans> : <Trans>Adjust stock</Trans>}
          </button>
          <button type="button" className="button" onClick={props.onClose}>
            <Trans>Close</Trans>
          </button>
        </div>
      </form>
    </Popup>
  );
}
