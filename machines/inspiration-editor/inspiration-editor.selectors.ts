import type { SnapshotFrom } from 'xstate';
import type { inspirationEditorMachine } from './inspiration-editor.machine.ts';
import type { CallCode, EditorMedia, EditorProblem, EditorStep, PickedProduct, PostStatus } from './inspiration-editor.types.ts';
import { STEPS } from './inspiration-editor.types.ts';
import { hasChanges, isNewPost, problemsOf, stepIndex } from './inspiration-editor.rules.ts';

export type InspirationEditorSnapshot = SnapshotFrom<typeof inspirationEditorMachine>;

export type EditorPage = 'loading' | 'draftOffer' | 'loadFailed' | 'notFound' | 'steps' | 'published';
export function page(s: InspirationEditorSnapshot): EditorPage {
  if (s.matches('starting') || s.matches('loading') || s.matches('restoring')) return 'loading';
  if (s.matches('offeringDraft') || s.matches('discardingDraft')) return 'draftOffer';
  if (s.matches('loadFailed')) return 'loadFailed';
  if (s.matches('notFound')) return 'notFound';
  if (s.matches('published')) return 'published';
  return 'steps';
}

export const isEdit = (s: InspirationEditorSnapshot): boolean => s.context.input.inspirationID !== undefined;
export const step = (s: InspirationEditorSnapshot): EditorStep => s.context.step;
export const progress = (s: InspirationEditorSnapshot): { current: number; total: number } => ({ current: stepIndex(s.context.step) + 1, total: STEPS.length });
export const media = (s: InspirationEditorSnapshot): EditorMedia[] => s.context.media;
export const products = (s: InspirationEditorSnapshot): PickedProduct[] => s.context.products;
export const details = (s: InspirationEditorSnapshot) => ({ title: s.context.title, description: s.context.description, tags: s.context.tags });
export const fileProblems = (s: InspirationEditorSnapshot) => s.context.fileProblems;
export const tagProblem = (s: InspirationEditorSnapshot) => s.context.tagProblem;
/** Uploads finished out of those picked (per file). */
export const uploadProgress = (s: InspirationEditorSnapshot): { done: number; total: number; failed: number } => ({
  done: s.context.media.filter((m) => m.status === 'done').length,
  total: s.context.media.length,
  failed: s.context.media.filter((m) => m.status === 'failed').length,
});
export const isUploading = (s: InspirationEditorSnapshot): boolean => s.matches({ editing: { upload: 'uploading' } });
/** The problems of the step shown, once the member tried to leave it. */
export function shownProblems(s: InspirationEditorSnapshot): EditorProblem[] {
  return s.context.checked.includes(s.context.step) ? problemsOf(s.context.step, s.context) : [];
}
export const isSaving = (s: InspirationEditorSnapshot): boolean => s.hasTag('saving');
export const saveFailed = (s: InspirationEditorSnapshot): boolean => s.matches('failed');
export const errorCode = (s: InspirationEditorSnapshot): CallCode | undefined => s.context.errorCode;
export const status = (s: InspirationEditorSnapshot): PostStatus => s.context.status;
export const isChangingStatus = (s: InspirationEditorSnapshot): boolean => s.hasTag('changingStatus');
export const canArchive = (s: InspirationEditorSnapshot): boolean => s.can({ type: 'ARCHIVE' });
export const canUnarchive = (s: InspirationEditorSnapshot): boolean => s.can({ type: 'UNARCHIVE' });
export const saved = (s: InspirationEditorSnapshot) => s.context.saved;

/** The draft kept from an earlier visit, as offered back ("Continue your draft?"). */
export function offeredDraft(s: InspirationEditorSnapshot): { title: string; media: number; products: number; tags: number } | undefined {
  const d = s.context.offeredDraft;
  return d && { title: d.title.trim(), media: d.media.length, products: d.products.length, tags: d.tags.length };
}
export const isDiscardingDraft = (s: InspirationEditorSnapshot): boolean => s.matches('discardingDraft');
/** A new post whose draft this device keeps (the store works). */
export const draftKept = (s: InspirationEditorSnapshot): boolean => isNewPost(s.context.input) && s.context.draftStoreOn;
/** Leaving now would lose something (or leave it only in the draft): the page asks, the tab's closing too. */
export const asksBeforeLeaving = (s: InspirationEditorSnapshot): boolean => s.status === 'active' && hasChanges(s.context);
/** The leave question is open. */
export const confirmingLeave = (s: InspirationEditorSnapshot): boolean => s.matches({ editing: { step: 'asking' } });
/** Leaving and throwing the draft away. */
export const isDiscarding = (s: InspirationEditorSnapshot): boolean => s.matches('discarding');
/** What the question offers: a new post's draft kept on the device, a post whose words are not kept, or an edit's changes. */
export type LeaveKind = 'draft' | 'unkept' | 'edit';
export const leaveKind = (s: InspirationEditorSnapshot): LeaveKind => (isEdit(s) ? 'edit' : draftKept(s) ? 'draft' : 'unkept');
/** Pictures or videos not uploaded yet: a draft cannot keep them. */
export const notUploaded = (s: InspirationEditorSnapshot): number => s.context.media.filter((m) => m.status !== 'done').length;
