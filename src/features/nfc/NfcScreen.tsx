import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { ErrorCode, addUserProductByNFC } from '../../../contract/index.ts';
import * as sessionState from '../../../machines/session/session.selectors.ts';
import { NETWORK_ERROR } from '../../../machines/shared/codes.ts';
import { errorCode } from '../../api/error-code.ts';
import { messageFor } from '../../api/error-messages.ts';
import { useServices } from '../../app/services.ts';
import { askToSignIn, useIntentResult } from '../../app/sign-in-intent.ts';
import { useBilingual } from '../../ui/Bilingual.tsx';
import { FormError } from '../../ui/Field.tsx';
import { Price } from '../../ui/Price.tsx';
import { useResolvedCurrency } from '../../ui/use-currency.ts';
import { NfcScan } from './NfcScan.tsx';
import { nfcQueries } from './queries.ts';
import './nfc.css';

const route = getRouteApi('/nfc/$ID');

/** Query roots that show a member's drinks (list-user-product, today's sip): read again after an add. */
const DRINK_QUERIES = [['member', 'userProducts'], ['member', 'listUserProduct'], ['member', 'dailySip']];

/**
 * Spec §2 nfc/{ID}: a tag on one of the shop's tins or bottles. Anyone sees its product (picture, name,
 * price in their currency, a link to its page); "Add to my drinks" puts it in a member's drinks, and a
 * visitor who presses it logs in first (the login popup says why) and it is added once they have.
 */
export function NfcScreen() {
  const services = useServices();
  const { api, session, queryClient } = services;
  const { ID } = route.useParams();
  // A first visit's currency is resolved from the visitor's address: the tag's product is asked for once, in it,
  // not first in HKD and again when the default arrives (issue 29, 12).
  const currency = useResolvedCurrency();
  const member = useSelector(session, sessionState.isLoggedIn);
  const pick = useBilingual();
  const { i18n } = useLingui();
  const tag = useQuery({ ...nfcQueries.tag(api, ID, currency ?? 'HKD'), enabled: currency !== undefined });
  const add = useMutation({
    mutationKey: ['addUserProductByNFC', ID],
    mutationFn: () => api.call(addUserProductByNFC, { ID }),
    onSuccess: async () => {
      await Promise.all(DRINK_QUERIES.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
    meta: { handlesErrors: true },
  });

  // Asked to log in from here: once signed in, the add they asked for goes ahead.
  const { result, done } = useIntentResult();
  const { mutate } = add;
  useEffect(() => {
    if (result?.kind !== 'addNfcProduct' || result.ID !== ID) return;
    done();
    mutate();
  }, [result, done, ID, mutate]);
  // Another tag's page: what was done here is not news there.
  const { reset } = add;
  useEffect(() => reset(), [ID, reset]);

  if (!tag.data) {
    return (
      <div className="page nfc-page">
        {tag.isError ? (
          <section className="state-page">
            {errorCode(tag.error) === ErrorCode.ObjectNotFound || errorCode(tag.error) === ErrorCode.InvalidParameter ? (
              <>
                <h1>
                  <Trans>Tag not found</Trans>
                </h1>
                <p>
                  <Trans>This tag is not one we know, or it has been replaced. The product may still be in the shop: look for the name on the label.</Trans>
                </p>
                <Link to="/new_in/{-$productTypeID}" params={{}} className="button primary">
                  <Trans>Browse the shop</Trans>
                </Link>
              </>
            ) : (
              <>
                <h1>
                  <Trans>The tag could not be read</Trans>
                </h1>
                <p>
                  <Trans>The product could not be loaded. Check your connection and try again.</Trans>
                </p>
                <button type="button" className="button primary" onClick={() => void tag.refetch()}>
                  <Trans>Try again</Trans>
                </button>
              </>
            )}
            <NfcScan />
          </section>
        ) : (
          <p className="muted" role="status">
            <Trans>Loading the product…</Trans>
          </p>
        )}
      </div>
    );
  }

  const product = tag.data.Product;
  const name = pick(product.Name);
  const failure = add.isError ? (errorCode(add.error) ?? NETWORK_ERROR) : undefined;
  return (
    <div className="page nfc-page">
      <section className="nfc-card" aria-labelledby="nfc-title">
        <Link to="/product/$productID" params={{ productID: product.ProductID }} className="nfc-picture" tabIndex={-1} aria-hidden="true">
          <img src={product.Image} alt="" width={400} height={400} loading="eager" fetchPriority="high" />
        </Link>
        <div className="nfc-body">
          <p className="nfc-kind">
            <Trans>From the tag on your tin or bottle</Trans>
          </p>
          <h1 id="nfc-title">{name}</h1>
          <p className="nfc-price">
            <Price amount={product.Price} currency={product.Currency} from />
          </p>
          {product.IsAlcohol && (
            <p className="notice">
              <Trans>Spirits: sold to persons aged 18 or over only.</Trans>
            </p>
          )}
          {add.isSuccess ? (
            <div className="nfc-added" role="status">
              <p>
                <Trans>Added to your drinks.</Trans>
              </p>
              <Link to="/new_tastecard/{-$productID}" params={{ productID: product.ProductID }} className="button primary">
                <Trans>Write a taste card</Trans>
              </Link>
            </div>
          ) : (
            <button
              type="button"
              className="button primary wide"
              disabled={add.isPending}
              onClick={() => (member ? add.mutate() : askToSignIn(services, { kind: 'addNfcProduct', ID, Name: product.Name }))}
            >
              {add.isPending ? <Trans>Adding…</Trans> : <Trans>Add to my drinks</Trans>}
            </button>
          )}
          {!member && !add.isSuccess && (
            <p className="muted nfc-why">
              <Trans>Members keep the drinks they taste, for taste cards and today's sip. Log in or sign up when you add it.</Trans>
            </p>
          )}
          {failure && (
            <FormError>
              {failure === ErrorCode.ObjectNotFound ? (
                <Trans>This tag is no longer in use, so the drink could not be added.</Trans>
              ) : failure === NETWORK_ERROR ? (
                <Trans>The drink could not be added: the shop did not answer. Check your connection and try again.</Trans>
              ) : (
                i18n._(messageFor(failure))
              )}
            </FormError>
          )}
          <Link to="/product/$productID" params={{ productID: product.ProductID }} className="button">
            <Trans>See the product</Trans>
          </Link>
        </div>
      </section>
      <NfcScan />
    </div>
  );
}
