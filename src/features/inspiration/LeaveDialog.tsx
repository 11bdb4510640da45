import { Plural, Trans } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import * as editor from '../../../machines/inspiration-editor/inspiration-editor.selectors.ts';
import { Popup } from '../../ui/Popup.tsx';
import type { EditorActor } from './inspiration.actors.ts';

/**
 * Asked before leaving the editor with changes: keep writing, or leave. A new post's draft stays on this device
 * (or is discarded); a post whose draft cannot be kept, and an edit's changes, are lost.
 */
export function LeaveDialog({ actor }: { actor: EditorActor }) {
  const open = useSelector(actor, editor.confirmingLeave);
  const kind = useSelector(actor, editor.leaveKind);
  const notUploaded = useSelector(actor, editor.notUploaded);
  const discarding = useSelector(actor, editor.isDiscarding);
  if (!open && !discarding) return null;
  const stay = () => actor.send({ type: 'STAY' });
  return (
    <Popup role="alertdialog" title={kind === 'edit' ? <Trans>Leave without saving?</Trans> : <Trans>Leave your post?</Trans>} onClose={stay}>
      <div className="editor-leave">
        <p>
          {kind === 'draft' && <Trans>It is not published yet. Your words, tags, products and uploaded pictures stay on this device as a draft, so you can finish it later.</Trans>}
          {kind === 'unkept' && <Trans>It is not published yet, and no draft is kept of it: what you wrote will be lost.</Trans>}
          {kind === 'edit' && <Trans>Your changes to this post are not saved: they will be lost.</Trans>}
        </p>
        {kind === 'draft' && notUploaded > 0 && (
          <p className="muted small">
            <Plural value={notUploaded} one="# picture or video not uploaded yet is not kept." other="# pictures or videos not uploaded yet are not kept." />
          </p>
        )}
        <div className="editor-leave-actions">
          <button type="button" className="button primary" onClick={stay} disabled={discarding}>
            {kind === 'edit' ? <Trans>Keep editing</Trans> : <Trans>Keep writing</Trans>}
          </button>
          {kind === 'draft' ? (
            <>
              <button type="button" className="button" onClick={() => actor.send({ type: 'CONFIRM_LEAVE' })} disabled={discarding}>
                <Trans>Leave and keep the draft</Trans>
              </button>
              <button type="button" className="button danger-text" onClick={() => actor.send({ type: 'DISCARD' })} disabled={discarding} aria-busy={discarding}>
                <Trans>Discard the draft</Trans>
              </button>
            </>
          ) : (
            <button type="button" className="button danger-text" onClick={() => actor.send({ type: 'CONFIRM_LEAVE' })}>
              {kind === 'edit' ? <Trans>Discard changes</Trans> : <Trans>Leave</Trans>}
            </button>
          )}
        </div>
      </div>
    </Popup>
  );
}
