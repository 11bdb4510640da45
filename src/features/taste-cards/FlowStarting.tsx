import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import * as select from '../../../machines/taste-card/taste-card.selectors.ts';
import { useTasteCardFlow } from './flow-context.ts';
import { saveFailureMessage } from './taste-card-words.ts';

/** Reading the draft or the drink; or the drink could not be read. */
export function FlowStarting() {
  const actor = useTasteCardFlow();
  const failed = useSelector(actor, select.productFailed);
  const errorCode = useSelector(actor, select.errorCode);
  const { i18n } = useLingui();
  if (!failed) {
    return (
      <p className="taste-loading" role="status">
        <Trans>Getting your taste card ready…</Trans>
      </p>
    );
  }
  return (
    <div className="taste-loading" role="alert">
      <p>{i18n._(saveFailureMessage(errorCode))}</p>
      <button type="button" className="button primary" onClick={() => actor.send({ type: 'RETRY' })}>
        <Trans>Try again</Trans>
      </button>
    </div>
  );
}
