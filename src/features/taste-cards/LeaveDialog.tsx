import { Trans } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import * as select from '../../../machines/taste-card/taste-card.selectors.ts';
import { Popup } from '../../ui/Popup.tsx';
import type { TasteCardActor } from './flow-context.ts';

/** Asked before leaving with answers: keep writing, leave (the draft stays on this device), or discard the draft. */
export function LeaveDialog({ actor }: { actor: TasteCardActor }) {
  const open = useSelector(actor, select.confirmingLeave);
  const kept = useSelector(actor, select.draftKept);
  if (!open) return null;
  return (
    <Popup role="alertdialog" title={<Trans>Leave your taste card?</Trans>} onClose={() => actor.send({ type: 'STAY' })}>
      <p>
        {kept ? (
          <Trans>It is not saved yet. Your answers stay on this device as a draft, so you can finish it later.</Trans>
        ) : (
          <Trans>It is not saved yet, and this device cannot keep a draft: your answers will be lost.</Trans>
        )}
      </p>
      <div className="taste-leave-actions">
        <button type="button" className="button primary" onClick={() => actor.send({ type: 'STAY' })}>
          <Trans>Keep writing</Trans>
        </button>
        <button type="button" className="button" onClick={() => actor.send({ type: 'CONFIRM_LEAVE' })}>
          {kept ? <Trans>Leave and keep the draft</Trans> : <Trans>Leave</Trans>}
        </button>
        {kept && (
          <button type="button" className="button danger-text" onClick={() => actor.send({ type: 'DISCARD' })}>
            <Trans>Discard the draft</Trans>
          </button>
        )}
      </div>
    </Popup>
  );
}
