import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { staffCreateNfcTag, staffUpdateNfcTag, type StaffNfcTag, type StaffProduct } from '../../../contract/index.ts';
import { errorCode } from '../../api/error-code.ts';
import { useServices } from '../../app/services.ts';
import { FormError } from '../../ui/Field.tsx';
import { Popup } from '../../ui/Popup.tsx';
import { useAdminErrorText } from './admin-words.ts';
import { focusFirstError, serverField, useLocalName } from './catalogue-form.ts';
import { NFC_KEY } from './nfc-queries.ts';
import { ProductPicker } from './ProductPicker.tsx';

/** The address a tag carries, as a phone opens it. */
export const tagAddress = (tagId: string) => `${window.location.origin}/nfc/${encodeURIComponent(tagId)}`;

/**
 * A new tag for a product (its id is the server's: the answer says the address to write on the tag), or an existing
 * tag pointed at another product. The button is disabled while the request is out, so a double press makes one tag.
 */
export function NfcTagDialog(props: { tag?: StaffNfcTag | undefined; onClose: () => void; onSaved: (message: string) => void }) {
  const { api, queryClient } = useServices();
  const { t } = useLingui();
  const localName = useLocalName();
  const errorText = useAdminErrorText();
  const form = useRef<HTMLFormElement>(null);
  const editing = props.tag;
  const [product, setProduct] = useState<StaffProduct | undefined>(undefined);
  const [missing, setMissing] = useState(false);
  const sending = useRef(false);
  const save = useMutation({
    mutationFn: (chosen: StaffProduct) =>
      editing ? api.call(staffUpdateNfcTag, { TagID: editing.TagID, ProductID: chosen.ProductID }) : api.call(staffCreateNfcTag, { ProductID: chosen.ProductID }),
    onSuccess: async ({ Tag }) => {
      await queryClient.invalidateQueries({ queryKey: NFC_KEY });
      const id = Tag.TagID;
      const name = localName(Tag.ProductName);
      const address = tagAddress(id);
      props.onSaved(editing ? t`Tag ${id} now stands for ${name}.` : t`Tag ${id} made for ${name}. Write its address on the tag: ${address}`);
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
    setMissing(!product);
    save.reset();
    if (product) {
      sending.current = true;
      save.mutate(product);
    } else requestAnimationFrame(() => focusFirstError(form.current));
  };

  const code = errorCode(save.error);
  const refusedProduct = serverField(save.error) === 'ProductID';
  const productError = missing ? t`Choose the product the tag stands for.` : refusedProduct ? t`This product no longer exists: choose another.` : undefined;
  const formError = code && !refusedProduct ? (code === 'ObjectNotFound' ? t`This tag no longer exists.` : errorText(code, 'load')) : undefined;
  const id = editing?.TagID ?? '';
  const now = editing ? localName(editing.ProductName) : '';
  return (
    <Popup
      title={editing ? t`Point tag ${id} at another product` : t`New NFC tag`}
      description={editing ? t`It stands for ${now} now. Members who tap it from then on get the new product.` : t`The shop makes the tag’s id; write the address it gives on the tag.`}
      onClose={props.onClose}
    >
      <form ref={form} className="admin-dialog" onSubmit={submit} noValidate>
        <ProductPicker legend={<Trans>Product the tag stands for</Trans>} chosen={product} onChoose={setProduct} error={productError} />
        {formError && <FormError>{formError}</FormError>}
        <div className="admin-dialog-actions">
          <button type="submit" className="button primary" disabled={save.isPending} aria-busy={save.isPending}>
            {save.isPending ? <Trans>Saving…</Trans> : editing ? <Trans>Point the tag</Trans> : <Trans>Make the tag</Trans>}
          </button>
          <button type="button" className="button" onClick={props.onClose}>
            <Trans>Close</Trans>
          </button>
        </div>
      </form>
    </Popup>
  );
}
