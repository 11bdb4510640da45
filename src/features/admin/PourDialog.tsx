import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import * as v from 'valibot';
import { staffSavePour, type StaffGathering, type StaffPour, type StaffProduct } from '../../../contract/index.ts';
import { PourPrice, SET_ASIDE_MAX, SetAside } from '../../../contract/staff-gathering-fields.ts';
import { ApiError } from '../../api/client.ts';
import { errorCode } from '../../api/error-code.ts';
import { useServices } from '../../app/services.ts';
import { Field, FormError } from '../../ui/Field.tsx';
import { formatMoney, formatNumber } from '../../ui/format.ts';
import { Popup } from '../../ui/Popup.tsx';
import { SelectField } from '../../ui/SelectField.tsx';
import { focusFirstError, moneyText, parseMoney, parseWhole, serverField, useLocalName } from './catalogue-form.ts';
import { GATHERINGS_KEY } from './gatherings-queries.ts';
import { usePourErrorText, usePourFieldText, type PourField } from './gatherings-words.ts';
import { ProductPicker, productChoices } from './ProductPicker.tsx';

type PourBody = { ProductID: string; VarianceID: string; Price: { HKD: number; USD: number }; SetAside: number };
type Invalid = Partial<Record<PourField, true>>;

/** The pour's values as typed, checked with the call's own schemas: the body to send, or the fields to fix. */
function checkPour(product: StaffProduct | undefined, varianceId: string, hkd: string, usd: string, setAside: string): { body?: PourBody; invalid: Invalid } {
  const invalid: Invalid = {};
  if (!product) invalid.ProductID = true;
  if (product && !product.Variances.some((x) => x.VarianceID === varianceId)) invalid.VarianceID = true;
  const hkdMinor = parseMoney(hkd);
  const usdMinor = parseMoney(usd);
  const price = v.safeParse(PourPrice, { HKD: hkdMinor ?? -1, USD: usdMinor ?? -1 });
  if (!price.success) for (const issue of price.issues) invalid[`Price.${v.getDotPath(issue)}` as PourField] = true;
  const units = v.safeParse(SetAside, parseWhole(setAside) ?? -1);
  if (!units.success) invalid.SetAside = true;
  if (!product || Object.keys(invalid).length > 0 || !price.success || !units.success) return { invalid };
  return { body: { ProductID: product.ProductID, VarianceID: varianceId, Price: price.output, SetAside: units.output }, invalid };
}

/**
 * Add a product to a gathering's pour list, or change a pour: the variance it sells, its prices at the gathering (the
 * web shop's shown beside them) and the units set aside. A set-aside below what orders took is refused by the server
 * (SetAsideBelowSold, with what was taken), said at that field. The button is disabled while the request is out.
 */
export function PourDialog(props: { gathering: StaffGathering; eventName: string; pour?: StaffPour; onClose: () => void; onSaved: (pour: StaffPour, created: boolean) => void }) {
  const { api, queryClient } = useServices();
  const { t, i18n } = useLingui();
  const localName = useLocalName();
  const fieldText = usePourFieldText();
  const errorText = usePourErrorText();
  const form = useRef<HTMLFormElement>(null);
  const editing = props.pour;
  // Changing a pour: its product's variances, read from the catalogue.
  const current = useQuery({ ...productChoices(api, editing?.ProductID ?? ''), enabled: !!editing });
  const [chosen, setChosen] = useState<StaffProduct | undefined>(undefined);
  const product = editing ? current.data?.find((p) => p.ProductID === editing.ProductID) : chosen;
  const [varianceId, setVarianceId] = useState(editing?.VarianceID ?? '');
  const [hkd, setHkd] = useState(editing ? moneyText(editing.Price.HKD) : '');
  const [usd, setUsd] = useState(editing ? moneyText(editing.Price.USD) : '');
  const [setAside, setSetAside] = useState(editing ? String(editing.SetAside) : '');
  const [invalid, setInvalid] = useState<Invalid>({});
  // Set at once on submit, before the pending state re-renders the button disabled.
  const sending = useRef(false);

  const save = useMutation({
    mutationFn: (body: PourBody) => api.call(staffSavePour, { GatheringID: props.gathering.GatheringID, ...body }),
    onSuccess: async ({ Pour, Created }) => {
      await queryClient.invalidateQueries({ queryKey: GATHERINGS_KEY });
      props.onSaved(Pour, Created);
    },
    onError: () => requestAnimationFrame(() => focusFirstError(form.current)),
    onSettled: () => {
      sending.current = false;
    },
    meta: { handlesErrors: true },
  });

  /** A variance chosen: a new pour's prices start at the web shop's, unless typed already. */
  const chooseVariance = (id: string, of: StaffProduct | undefined) => {
    setVarianceId(id);
    const variance = of?.Variances.find((x) => x.VarianceID === id);
    if (!editing && variance) {
      if (!hkd.trim()) setHkd(moneyText(variance.Price.HKD));
      if (!usd.trim()) setUsd(moneyText(variance.Price.USD));
    }
  };
  const chooseProduct = (next: StaffProduct | undefined) => {
    setChosen(next);
    chooseVariance(next?.Variances.length === 1 ? next.Variances[0]!.VarianceID : '', next);
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (sending.current) return;
    const checked = checkPour(product, varianceId, hkd, usd, setAside);
    setInvalid(checked.invalid);
    save.reset();
    if (checked.body) {
      sending.current = true;
      save.mutate(checked.body);
    } else requestAnimationFrame(() => focusFirstError(form.current));
  };

  const code = errorCode(save.error);
  const refused = serverField(save.error) as PourField | undefined;
  const below = code === 'SetAsideBelowSold';
  const takenNow = below && save.error instanceof ApiError && typeof save.error.details.Taken === 'number' ? formatNumber(save.error.details.Taken, i18n.locale) : undefined;
  const onField = refused !== undefined && ['ProductID', 'VarianceID', 'Price.HKD', 'Price.USD', 'SetAside'].includes(refused);
  const error = (field: PourField) => {
    if (field === 'SetAside' && below) {
      return takenNow === undefined ? t`Orders have taken more than that. Nothing was changed.` : t`Orders have taken ${takenNow}: set aside at least that many. Nothing was changed.`;
    }
    return invalid[field] || (onField && refused === field) ? fieldText(field) : undefined;
  };
  const formError = code && !below && !onField ? errorText(code, 'save') : undefined;
  const variance = product?.Variances.find((x) => x.VarianceID === varianceId);
  const online = variance ? `${formatMoney(variance.Price.HKD, 'HKD', i18n.locale)} / ${formatMoney(variance.Price.USD, 'USD', i18n.locale)}` : '';
  const taken = editing ? formatNumber(editing.Taken, i18n.locale) : '';
  const max = formatNumber(SET_ASIDE_MAX, i18n.locale);
  const productName = editing ? localName(editing.Name) : '';
  const event = props.eventName;

  return (
    <Popup title={editing ? t`Change the pour of ${productName}` : t`Add a pour to ${event}`} onClose={props.onClose}>
      <form ref={form} className="admin-dialog" onSubmit={submit} noValidate>
        {editing ? (
          <p>
            <Trans>Product: {productName}</Trans> <span className="admin-mono muted">{editing.ProductID}</span>
          </p>
        ) : (
          <ProductPicker legend={<Trans>Product to pour</Trans>} chosen={chosen} onChoose={chooseProduct} error={error('ProductID')} />
        )}
        {editing && current.isError && (
          <FormError>
            <Trans>The product’s variances could not be loaded: close this and try again.</Trans>
          </FormError>
        )}
        <SelectField
          label={<Trans>Variance</Trans>}
          value={varianceId}
          disabled={!product}
          onChange={(e) => chooseVariance(e.target.value, product)}
          error={error('VarianceID')}
          hint={online ? <Trans>In the web shop: {online}</Trans> : undefined}
        >
          <option value="">{product ? t`Choose a variance` : editing ? t`Loading variances…` : t`Choose a product first`}</option>
          {product?.Variances.map((x) => (
            <option key={x.VarianceID} value={x.VarianceID}>
              {localName(x.Name)} ({x.VarianceID})
            </option>
          ))}
        </SelectField>
        <div className="admin-pour-fields">
          <Field label={<Trans>Price at the gathering in HK$</Trans>} inputMode="decimal" autoComplete="off" placeholder="98.00" value={hkd} onChange={(e) => setHkd(e.target.value)} error={error('Price.HKD')} />
          <Field label={<Trans>Price at the gathering in US$</Trans>} inputMode="decimal" autoComplete="off" placeholder="12.50" value={usd} onChange={(e) => setUsd(e.target.value)} error={error('Price.USD')} />
          <Field
            label={<Trans>Units set aside</Trans>}
            inputMode="numeric"
            autoComplete="off"
            value={setAside}
            onChange={(e) => setSetAside(e.target.value)}
            error={error('SetAside')}
            hint={editing ? <Trans>Taken by orders so far: {taken}. Set aside no fewer (at most {max}).</Trans> : <Trans>Apart from the web shop’s stock (at most {max}).</Trans>}
          />
        </div>
        {formError && <FormError>{formError}</FormError>}
        <div className="admin-dialog-actions">
          <button type="submit" className="button primary" disabled={save.isPending} aria-busy={save.isPending}>
            {save.isPending ? <Trans>Saving…</Trans> : editing ? <Trans>Save the pour</Trans> : <Trans>Add the pour</Trans>}
          </button>
          <button type="button" className="button" onClick={props.onClose}>
            <Trans>Close</Trans>
          </button>
        </div>
      </form>
    </Popup>
  );
}
