import { Trans, useLingui } from '@lingui/react/macro';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useId, useState, type ReactNode } from 'react';
import { staffListProducts, type StaffProduct } from '../../../contract/index.ts';
import type { ApiClient } from '../../api/client.ts';
import { errorCode } from '../../api/error-code.ts';
import { useServices } from '../../app/services.ts';
import { Field } from '../../ui/Field.tsx';
import { RetryAlert } from '../../ui/RetryAlert.tsx';
import { SelectField } from '../../ui/SelectField.tsx';
import { useAdminErrorText } from './admin-words.ts';
import { useLocalName } from './catalogue-form.ts';
import { CATALOGUE_KEY } from './catalogue-queries.ts';

/** How many products one search offers. */
const CHOICES = 50;

/**
 * Products staff may choose from: those whose id is `text` or whose name contains it (staff-list-products), the
 * first by id when nothing is typed. Under the catalogue's key, so a change made on the catalogue screen shows here.
 */
export const productChoices = (api: ApiClient, text: string) =>
  queryOptions({
    queryKey: [...CATALOGUE_KEY, 'choices', text],
    queryFn: async ({ signal }): Promise<StaffProduct[]> => (await api.call(staffListProducts, { ...(text ? { Text: text } : {}), Size: CHOICES }, { signal })).ProductList,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    meta: { handlesErrors: true },
  });

/**
 * Choosing a product of the catalogue (for a pour or an NFC tag): staff type part of its name or its id, press Find
 * (or Enter), and choose among what was found. The product chosen stays offered whatever is searched after.
 */
export function ProductPicker(props: { legend: ReactNode; chosen: StaffProduct | undefined; onChoose: (product: StaffProduct | undefined) => void; error?: string | undefined }) {
  const { api } = useServices();
  const { t } = useLingui();
  const localName = useLocalName();
  const errorText = useAdminErrorText();
  const [typed, setTyped] = useState('');
  const [text, setText] = useState('');
  const found = useQuery(productChoices(api, text));
  const code = errorCode(found.error);
  const reason = code ? errorText(code, 'load') : '';
  const findId = useId();
  const listed = found.data ?? [];
  const options = props.chosen && !listed.some((p) => p.ProductID === props.chosen!.ProductID) ? [props.chosen, ...listed] : listed;
  const find = () => setText(typed.trim().slice(0, 100));
  const placeholder = found.data === undefined ? t`Loading products…` : listed.length === 0 ? t`No product matches` : t`Choose a product`;

  return (
    <fieldset className="admin-picker" aria-describedby={findId}>
      <legend>{props.legend}</legend>
      <div className="admin-picker-find">
        <Field
          label={<Trans>Find a product</Trans>}
          type="search"
          value={typed}
          maxLength={100}
          autoComplete="off"
          onChange={(e) => setTyped(e.target.value)}
          onKeyDown={(e) => {
            // Enter finds, instead of sending the dialog's form.
            if (e.key === 'Enter') {
              e.preventDefault();
              find();
            }
          }}
        />
        <button type="button" className="button small" onClick={find} aria-busy={found.isFetching}>
          <Trans>Find</Trans>
        </button>
      </div>
      <p id={findId} className="muted small">
        <Trans>Part of its English or Chinese name, or its product id.</Trans>
      </p>
      <SelectField
        label={<Trans>Product</Trans>}
        value={props.chosen?.ProductID ?? ''}
        onChange={(e) => props.onChoose(options.find((p) => p.ProductID === e.target.value))}
        error={props.error}
      >
        <option value="">{placeholder}</option>
        {options.map((p) => (
          <option key={p.ProductID} value={p.ProductID}>
            {localName(p.Name)} ({p.ProductID})
          </option>
        ))}
      </SelectField>
      {code && (
        <RetryAlert small onRetry={() => void found.refetch()}>
          <Trans>The products could not be loaded. {reason}</Trans>
        </RetryAlert>
      )}
    </fieldset>
  );
}
