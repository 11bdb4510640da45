import { Trans } from '@lingui/react/macro';
import { Link, type LinkProps } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { OrderKind } from '../../app/order-kinds.ts';
import { useServices } from '../../app/services.ts';
import type { HeadingRef } from './checkout-parts.tsx';

/** The kind's own words (and where its cancelled end leads) around the shared end of the checkout. */
export type CheckoutEndWords = {
  /** Which checkout's FPS payment the QR popup shows. */
  kind: OrderKind;
  checkingTitle: ReactNode;
  checkingText: ReactNode;
  unconfirmedTitle: ReactNode;
  unconfirmedText: ReactNode;
  fpsText: ReactNode;
  cancelledTitle: ReactNode;
  cancelledText: ReactNode;
  cancelledLink: { to: LinkProps['to']; text: ReactNode };
};

/** What each kind's end module (the chunk its checkout screen loads) is given. */
export type AfterPlacingProps<Actor> = {
  step: 'checking' | 'unconfirmed' | 'paying' | 'done';
  actor: Actor;
  result: { outcome?: string | undefined; OrderID?: string | undefined } | undefined;
  headingRef: HeadingRef;
};

/** Waiting for the payment provider (the product checkout's end shows it too, with a labelled section). */
export function Paying({ headingRef, id }: { headingRef: HeadingRef; id?: string | undefined }) {
  return (
    <section className="checkout-section" aria-labelledby={id}>
      <h2 id={id} ref={headingRef} tabIndex={-1} className="checkout-title">
        <Trans>Confirming your payment</Trans>
      </h2>
      <p role="status">
        <Trans>We are waiting for the payment provider. This page updates by itself.</Trans>
      </p>
    </section>
  );
}

/** The order was cancelled and nothing charged; a link on (the product checkout's end shows it too). */
export function Cancelled(props: { headingRef: HeadingRef; title: ReactNode; text: ReactNode; link: { to: LinkProps['to']; text: ReactNode } }) {
  return (
    <section className="checkout-section">
      <h2 ref={props.headingRef} tabIndex={-1} className="checkout-title">
        {props.title}
      </h2>
      <p role="status">{props.text}</p>
      <Link to={props.link.to} className="button primary">
        {props.link.text}
      </Link>
    </section>
  );
}

/** Any other end: the flow is about to move on. */
export function OneMoment() {
  return (
    <p className="muted" role="status">
      <Trans>One moment…</Trans>
    </p>
  );
}

/**
 * The event and subscription checkouts once the order is being placed: checking a lost answer, could not
 * confirm, waiting for the payment, and its end (FPS, cancelled), in the kind's words. Imported by each
 * kind's end module, a chunk of its own fetched once the checkout shows (issue 14, Fast).
 */
export function KindAfterPlacing({ step, retry, result, headingRef, words }: Omit<AfterPlacingProps<unknown>, 'actor'> & {
  retry: () => void;
  words: CheckoutEndWords;
}) {
  switch (step) {
    case 'checking':
      return (
        <section className="checkout-section">
          <h2 ref={headingRef} tabIndex={-1} className="checkout-title">
            {words.checkingTitle}
          </h2>
          <p role="status">{words.checkingText}</p>
        </section>
      );
    case 'unconfirmed':
      return (
        <section className="checkout-section">
          <h2 ref={headingRef} tabIndex={-1} className="checkout-title">
            {words.unconfirmedTitle}
          </h2>
          <p className="form-error" role="alert">
            {words.unconfirmedText}
          </p>
          <button type="button" className="button primary" onClick={retry}>
            <Trans>Check again</Trans>
          </button>
        </section>
      );
    case 'paying':
      return <Paying headingRef={headingRef} />;
    case 'done':
      return <Finished outcome={result?.outcome} orderID={result?.OrderID} headingRef={headingRef} words={words} />;
  }
}

function Finished(props: { outcome: string | undefined; orderID: string | undefined; headingRef: HeadingRef; words: CheckoutEndWords }) {
  const { popups } = useServices();
  const { words } = props;
  if (props.outcome === 'fps' && props.orderID) {
    const orderID = props.orderID;
    return (
      <section className="checkout-section">
        <h2 ref={props.headingRef} tabIndex={-1} className="checkout-title">
          <Trans>Pay with FPS</Trans>
        </h2>
        <p>{words.fpsText}</p>
        <button type="button" className="button primary" onClick={() => popups.open('fpsPayment', { orderID, kind: words.kind })}>
          <Trans>Show the QR code</Trans>
        </button>
      </section>
    );
  }
  if (props.outcome === 'cancelled') {
    return <Cancelled headingRef={props.headingRef} title={words.cancelledTitle} text={words.cancelledText} link={words.cancelledLink} />;
  }
  return <OneMoment />;
}
