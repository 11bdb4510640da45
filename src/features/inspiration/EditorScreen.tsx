import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { getRouteApi, Link, useBlocker, useNavigate } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useCallback, useEffect, useId, useMemo, type ChangeEvent } from 'react';
import * as editor from '../../../machines/inspiration-editor/inspiration-editor.selectors.ts';
import {
  MAX_MEDIA,
  MEDIA_TYPES,
  NETWORK_ERROR,
  STEPS,
  type ChosenFile,
  type EditorStep,
  type FileProblem,
} from '../../../machines/inspiration-editor/inspiration-editor.types.ts';
import * as sessionState from '../../../machines/session/session.selectors.ts';
import { messageFor } from '../../api/error-messages.ts';
import { draftPlace } from '../../app/device-draft.ts';
import { preloadable } from '../../app/preloadable.tsx';
import { useServices } from '../../app/services.ts';
import { useFlow } from '../../app/use-flow.ts';
import { createInspirationEditorFlow, INSPIRATION_DRAFT_PURPOSE, inspirationDraftKey, type EditorActor } from './inspiration.actors.ts';
import { Problems } from './EditorProblems.tsx';
import './inspiration.css';

const route = getRouteApi('/edit_inspiration/{-$inspirationID}');

// The leave question (and Radix Dialog with it) and the steps after the first are chunks of their own,
// fetched once the editor shows.
const LeaveDialog = preloadable(() => import('./LeaveDialog.tsx').then((m) => m.LeaveDialog));
const ProductsStep = preloadable(() => import('./EditorSteps.tsx').then((m) => m.ProductsStep));
const DetailsStep = preloadable(() => import('./EditorSteps.tsx').then((m) => m.DetailsStep));

function useEditor(input: { inspirationID?: string; copyFrom?: string }) {
  const { api, session, storage } = useServices();
  const userID = useSelector(session, sessionState.user)?.userID ?? 'member';
  const machine = useMemo(
    () =>
      createInspirationEditorFlow({
        api,
        idToken: () => sessionState.tokens(session.getSnapshot())?.idToken,
        draft: draftPlace(storage, INSPIRATION_DRAFT_PURPOSE, inspirationDraftKey(userID)),
      }),
    [api, session, storage, userID],
  );
  return useFlow(machine, { input }) as EditorActor;
}

/**
 * Leaving by a navigation in the shop asks the editor (LEAVE): with nothing changed it lets the navigation go at
 * once; otherwise the navigation waits for the member's answer (kept writing: it does not happen). Closing or
 * reloading the tab with changes gets the browser's own question.
 */
function useAskBeforeLeaving(actor: EditorActor) {
  const shouldBlockFn = useCallback(() => {
    if (actor.getSnapshot().status !== 'active') return false;
    actor.send({ type: 'LEAVE' });
    // Blocked while the question is open or the draft is being removed; let through once the editor has ended.
    const answer = (s: ReturnType<EditorActor['getSnapshot']>): boolean | undefined =>
      s.status !== 'active' ? false : editor.confirmingLeave(s) || editor.isDiscarding(s) ? undefined : true;
    const now = answer(actor.getSnapshot());
    if (now !== undefined) return now;
    return new Promise<boolean>((resolve) => {
      const sub = actor.subscribe((s) => {
        const later = answer(s);
        if (later === undefined) return;
        sub.unsubscribe();
        resolve(later);
      });
    });
  }, [actor]);
  const enableBeforeUnload = useCallback(() => editor.asksBeforeLeaving(actor.getSnapshot()), [actor]);
  useBlocker({ shouldBlockFn, enableBeforeUnload });
}

/** Spec §2 edit_inspiration/{inspirationID?} (and new_inspiration): write a post, or edit one of the member's. */
export function EditorScreen() {
  const { inspirationID } = route.useParams();
  const { copy } = route.useSearch();
  // A new actor for another post (or a new one after editing).
  return <Editor key={`${inspirationID ?? ''}|${copy ?? ''}`} input={{ ...(inspirationID ? { inspirationID } : {}), ...(copy && !inspirationID ? { copyFrom: copy } : {}) }} />;
}

function Editor({ input }: { input: { inspirationID?: string; copyFrom?: string } }) {
  const actor = useEditor(input);
  const page = useSelector(actor, editor.page);
  const saved = useSelector(actor, editor.saved);
  const isEdit = useSelector(actor, editor.isEdit);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  useAskBeforeLeaving(actor);
  useEffect(() => {
    for (const part of [LeaveDialog, ProductsStep, DetailsStep]) part.preload().catch(() => {});
  }, []);
  useEffect(() => {
    if (page !== 'published' || !saved) return;
    void queryClient.invalidateQueries({ queryKey: ['inspiration'] });
    void queryClient.invalidateQueries({ queryKey: ['member', 'inspiration'] });
    void navigate({ to: '/inspiration/$inspirationId', params: { inspirationId: saved.InspirationID }, replace: true });
  }, [page, saved, navigate, queryClient]);
  return (
    <div className="page editor-page">
      <h1>{isEdit ? <Trans>Edit post</Trans> : <Trans>New post</Trans>}</h1>
      {page === 'loading' && (
        <p className="muted" role="status">
          <Trans>Loading the post…</Trans>
        </p>
      )}
      {page === 'loadFailed' && (
        <p role="alert">
          <Trans>The post could not be loaded.</Trans>{' '}
          <button type="button" className="link-button" onClick={() => actor.send({ type: 'RETRY' })}>
            <Trans>Try again</Trans>
          </button>
        </p>
      )}
      {page === 'notFound' && (
        <p role="alert">
          <Trans>This post is not yours to edit, or it is no longer there.</Trans>{' '}
          <Link to="/inspiration">
            <Trans>See the posts</Trans>
          </Link>
        </p>
      )}
      {page === 'draftOffer' && <DraftOffer actor={actor} />}
      {(page === 'steps' || page === 'published') && <Steps actor={actor} />}
      <LeaveDialog actor={actor} />
    </div>
  );
}

/** "Continue your draft?": a new post's draft kept on this device from an earlier visit. */
function DraftOffer({ actor }: { actor: EditorActor }) {
  const draft = useSelector(actor, editor.offeredDraft);
  const discarding = useSelector(actor, editor.isDiscardingDraft);
  const id = useId();
  if (!draft) return null;
  return (
    <section className="editor-draft-offer" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>
        <Trans>Continue your draft?</Trans>
      </h2>
      <p>
        <Trans>You started a post on this device and did not publish it.</Trans>
      </p>
      <ul className="editor-draft-summary small">
        {draft.title !== '' && <li className="editor-draft-title">{draft.title}</li>}
        <li>
          <Plural value={draft.media} one="# picture or video" other="# pictures or videos" />
        </li>
        <li>
          <Plural value={draft.products} one="# product" other="# products" />
        </li>
        <li>
          <Plural value={draft.tags} one="# tag" other="# tags" />
        </li>
      </ul>
      <div className="editor-draft-actions">
        <button type="button" className="button primary" onClick={() => actor.send({ type: 'RESUME_DRAFT' })} disabled={discarding}>
          <Trans>Continue the draft</Trans>
        </button>
        <button type="button" className="button" onClick={() => actor.send({ type: 'DISCARD_DRAFT' })} disabled={discarding} aria-busy={discarding}>
          <Trans>Discard it and start afresh</Trans>
        </button>
      </div>
    </section>
  );
}

function Steps({ actor }: { actor: EditorActor }) {
  const { t } = useLingui();
  const step = useSelector(actor, editor.step);
  const progress = useSelector(actor, editor.progress);
  const isEdit = useSelector(actor, editor.isEdit);
  const saving = useSelector(actor, editor.isSaving);
  const failed = useSelector(actor, editor.saveFailed);
  const code = useSelector(actor, editor.errorCode);
  const names: Record<EditorStep, string> = { media: t`Pictures and videos`, products: t`Products`, details: t`Title and tags` };
  return (
    <>
      {isEdit && <StatusBar actor={actor} />}
      <nav className="editor-steps" aria-label={t`Steps`}>
        <p className="muted small">
          <Trans>
            Step {progress.current} of {progress.total}
          </Trans>
        </p>
        <ol>
          {STEPS.map((s) => (
            <li key={s}>
              <button
                type="button"
                className="editor-step-link"
                aria-current={s === step ? 'step' : undefined}
                onClick={() => actor.send({ type: 'GO_TO', step: s })}
              >
                {names[s]}
              </button>
            </li>
          ))}
        </ol>
      </nav>
      <section className="editor-panel" aria-label={names[step]}>
        <h2>{names[step]}</h2>
        {step === 'media' && <MediaStep actor={actor} />}
        {step === 'products' && <ProductsStep actor={actor} />}
        {step === 'details' && <DetailsStep actor={actor} />}
      </section>
      {failed && (
        <div className="notice danger" role="alert">
          <p>
            {isEdit ? <Trans>The changes were not saved.</Trans> : <Trans>The post was not published.</Trans>} {code && code !== NETWORK_ERROR ? t(messageFor(code)) : <Trans>Please check your connection.</Trans>}
          </p>
          <button type="button" className="button primary small" onClick={() => actor.send({ type: 'RETRY' })}>
            <Trans>Try again</Trans>
          </button>{' '}
          <button type="button" className="button small" onClick={() => actor.send({ type: 'EDIT' })}>
            <Trans>Back to editing</Trans>
          </button>
        </div>
      )}
      <div className="editor-nav">
        {step !== 'media' && !failed && (
          <button type="button" className="button" onClick={() => actor.send({ type: 'BACK' })} disabled={saving}>
            <Trans>Back</Trans>
          </button>
        )}
        {step !== 'details' && (
          <button type="button" className="button primary" onClick={() => actor.send({ type: 'NEXT' })}>
            <Trans>Next</Trans>
          </button>
        )}
        {step === 'details' && !failed && (
          <button type="button" className="button primary" onClick={() => actor.send({ type: 'PUBLISH' })} disabled={saving} aria-busy={saving}>
            {saving ? <Trans>Saving…</Trans> : isEdit ? <Trans>Save changes</Trans> : <Trans>Publish</Trans>}
          </button>
        )}
      </div>
    </>
  );
}

function StatusBar({ actor }: { actor: EditorActor }) {
  const { t } = useLingui();
  const status = useSelector(actor, editor.status);
  const changing = useSelector(actor, editor.isChangingStatus);
  const code = useSelector(actor, editor.errorCode);
  const failed = useSelector(actor, editor.saveFailed);
  return (
    <div className="editor-status">
      <p>
        {status === 'Published' ? <Trans>Published: everyone can see it.</Trans> : <Trans>Archived: only you can see it.</Trans>}
      </p>
      {status === 'Published' ? (
        <button type="button" className="button small" onClick={() => actor.send({ type: 'ARCHIVE' })} disabled={changing} aria-busy={changing}>
          <Trans>Archive</Trans>
        </button>
      ) : (
        <button type="button" className="button small" onClick={() => actor.send({ type: 'UNARCHIVE' })} disabled={changing} aria-busy={changing}>
          <Trans>Unarchive</Trans>
        </button>
      )}
      {code && !failed && (
        <p className="form-error small" role="alert">
          {code === NETWORK_ERROR ? t`Not changed: please check your connection.` : t(messageFor(code))}
        </p>
      )}
    </div>
  );
}

function readFile(file: File): Promise<ChosenFile> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve({ name: file.name, type: file.type, size: file.size, dataUrl: String(reader.result) });
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

function MediaStep({ actor }: { actor: EditorActor }) {
  const { t } = useLingui();
  const id = useId();
  const media = useSelector(actor, editor.media);
  const progress = useSelector(actor, editor.uploadProgress);
  const fileProblems = useSelector(actor, editor.fileProblems);
  const problems = useSelector(actor, editor.shownProblems);
  const onFiles = async (e: ChangeEvent<HTMLInputElement>) => {
    const files = [...(e.target.files ?? [])];
    e.target.value = '';
    if (files.length > 0) actor.send({ type: 'ADD_FILES', files: await Promise.all(files.map(readFile)) });
  };
  const problemText = (p: FileProblem) =>
    p.code === 'type' ? t`${p.name}: only JPEG, PNG or WebP pictures and MP4 or WebM videos.` : p.code === 'size' ? t`${p.name}: too large (pictures up to 10 MB, videos up to 16 MB).` : t`${p.name}: at most ${MAX_MEDIA} pictures or videos.`;
  return (
    <>
      <p className="muted small">
        <Trans>Up to {MAX_MEDIA} pictures or short videos. The first one is the cover.</Trans>
      </p>
      <label className="button file-button" htmlFor={`${id}-files`}>
        <Trans>Choose pictures or videos</Trans>
      </label>
      <input id={`${id}-files`} className="visually-hidden" type="file" accept={MEDIA_TYPES.join(',')} multiple onChange={(e) => void onFiles(e)} />
      {fileProblems.length > 0 && (
        <ul className="form-error" role="alert">
          {fileProblems.map((p) => (
            <li key={p.name}>{problemText(p)}</li>
          ))}
        </ul>
      )}
      {media.length > 0 && (
        <p className="small" role="status">
          <Trans>
            {progress.done} of {progress.total} uploaded
          </Trans>
        </p>
      )}
      <ul className="editor-media">
        {media.map((m, i) => (
          <li key={m.key} className="editor-media-item" data-status={m.status}>
            {m.kind === 'video' ? <video src={m.preview} muted playsInline preload="metadata" /> : <img src={m.preview} alt={m.name} />}
            <span className="editor-media-state small">
              {m.status === 'waiting' && <Trans>Waiting…</Trans>}
              {m.status === 'uploading' && <Trans>Uploading…</Trans>}
              {m.status === 'done' && (i === 0 ? <Trans>Cover</Trans> : <Trans>Uploaded</Trans>)}
              {m.status === 'failed' && <Trans>Upload failed</Trans>}
              {m.status === 'failed' && m.errorCode && m.errorCode !== NETWORK_ERROR && <span className="editor-media-reason">{t(messageFor(m.errorCode))}</span>}
            </span>
            <span className="editor-media-actions">
              {m.status === 'failed' && (
                <button type="button" className="link-button" onClick={() => actor.send({ type: 'RETRY_UPLOAD', key: m.key })}>
                  <Trans>Retry</Trans>
                </button>
              )}
              {i > 0 && (
                <button type="button" className="link-button" onClick={() => actor.send({ type: 'MOVE_MEDIA', from: i, to: 0 })}>
                  <Trans>Make cover</Trans>
                </button>
              )}
              <button type="button" className="link-button" onClick={() => actor.send({ type: 'REMOVE_MEDIA', key: m.key })} aria-label={t`Remove ${m.name}`}>
                <Trans>Remove</Trans>
              </button>
            </span>
          </li>
        ))}
      </ul>
      <Problems problems={problems} />
    </>
  );
}
