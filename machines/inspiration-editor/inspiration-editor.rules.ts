import type {
  ChosenFile,
  CreateInspirationInput,
  EditorMedia,
  EditorProblem,
  EditorStep,
  FileProblem,
  InspirationDraft,
  InspirationEditorContext,
  InspirationEditorInput,
  LoadedPost,
  TagProblem,
  UpdateInspirationInput,
} from './inspiration-editor.types.ts';
import { DESCRIPTION_MAX, IMAGE_MAX_BYTES, MAX_MEDIA, MAX_TAGS, MEDIA_TYPES, STEPS, TAG_MAX, TITLE_MAX, VIDEO_MAX_BYTES } from './inspiration-editor.types.ts';

export const stepIndex = (step: EditorStep): number => STEPS.indexOf(step);

export function withoutDataUrlPrefix(dataUrl: string): string {
  const comma = dataUrl.indexOf(',');
  return dataUrl.startsWith('data:') && comma >= 0 ? dataUrl.slice(comma + 1) : dataUrl;
}

export function fileProblem(file: ChosenFile): FileProblem['code'] | undefined {
  if (!(MEDIA_TYPES as readonly string[]).includes(file.type)) return 'type';
  const max = file.type.startsWith('video/') ? VIDEO_MAX_BYTES : IMAGE_MAX_BYTES;
  return file.size > max ? 'size' : undefined;
}

/** Picked files become media waiting to upload; refused ones (type, size, over the limit) are named. */
export function addFiles(
  context: Pick<InspirationEditorContext, 'media' | 'nextKey'>,
  files: ChosenFile[],
): { media: EditorMedia[]; nextKey: number; fileProblems: FileProblem[] } {
  const media = [...context.media];
  let nextKey = context.nextKey;
  const fileProblems: FileProblem[] = [];
  for (const file of files) {
    const problem = fileProblem(file) ?? (media.length >= MAX_MEDIA ? 'tooMany' : undefined);
    if (problem) {
      fileProblems.push({ name: file.name, code: problem });
      continue;
    }
    media.push({
      key: `m${nextKey}`,
      kind: file.type.startsWith('video/') ? 'video' : 'image',
      contentType: file.type,
      name: file.name,
      preview: file.dataUrl,
      dataUrl: file.dataUrl,
      status: 'waiting',
    });
    nextKey += 1;
  }
  return { media, nextKey, fileProblems };
}

export function mediaOf(post: LoadedPost, firstKey: number): EditorMedia[] {
  return post.MediaList.map((m, i) => ({
    key: `m${firstKey + i}`,
    kind: m.Type,
    contentType: m.ContentType,
    name: m.MediaID,
    preview: m.Variants[0]?.Url ?? m.Url,
    status: 'done' as const,
    mediaID: m.MediaID,
    url: m.Variants[0]?.Url ?? m.Url,
  }));
}

/** A new post written from scratch (not an edit, not a copy): the only kind whose draft is kept on the device. */
export const isNewPost = (input: InspirationEditorInput): boolean => input.inspirationID === undefined && input.copyFrom === undefined;

type Content = Pick<InspirationEditorContext, 'media' | 'products' | 'title' | 'description' | 'tags'>;

/** What the post holds, as one string: a picked file counts from the moment it is picked, by its key. */
export function contentKey(c: Content): string {
  return JSON.stringify([c.media.map((m) => m.mediaID ?? m.key), c.products.map((p) => p.ProductID), c.title, c.description, c.tags]);
}

/** Something differs from what the editor opened with: leaving would lose it (or leave it only in the draft). */
export const hasChanges = (c: Content & Pick<InspirationEditorContext, 'baseline'>): boolean => contentKey(c) !== c.baseline;

/** What the draft store keeps: uploaded media by reference (MediaID and address), never a file's bytes. */
export function draftOf(c: Content): InspirationDraft {
  return {
    version: 1,
    media: c.media.flatMap((m) =>
      m.status === 'done' && m.mediaID && m.url ? [{ MediaID: m.mediaID, kind: m.kind, contentType: m.contentType, name: m.name, url: m.url }] : [],
    ),
    products: c.products,
    title: c.title,
    description: c.description,
    tags: c.tags,
  };
}

/** A stored draft worth offering back: of this version, with something in it. */
export function offerable(draft: InspirationDraft | undefined): draft is InspirationDraft {
  if (draft?.version !== 1 || !Array.isArray(draft.media) || !Array.isArray(draft.products) || !Array.isArray(draft.tags)) return false;
  return draft.media.length > 0 || draft.products.length > 0 || draft.title.trim() !== '' || draft.description.trim() !== '' || draft.tags.length > 0;
}

/** The steps filled from a draft: its media uploaded already, keyed from `firstKey`. */
export function fromDraft(draft: InspirationDraft, firstKey: number): Content & { nextKey: number } {
  const media: EditorMedia[] = draft.media.map((m, i) => ({
    key: `m${firstKey + i}`,
    kind: m.kind,
    contentType: m.contentType,
    name: m.name,
    preview: m.url,
    status: 'done',
    mediaID: m.MediaID,
    url: m.url,
  }));
  return { media, nextKey: firstKey + media.length, products: draft.products, title: draft.title, description: draft.description, tags: draft.tags };
}

export function moveItem<T>(list: T[], from: number, to: number): T[] {
  if (from < 0 || from >= list.length || to < 0 || to >= list.length || from === to) return list;
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item as T);
  return next;
}

/** A tag as stored: no leading #, single spaces. */
export const cleanTag = (tag: string): string => tag.trim().replace(/^#+/, '').replace(/\s+/g, ' ').trim();

export function addTag(tags: string[], raw: string): { tags: string[]; problem?: TagProblem } {
  const tag = cleanTag(raw);
  if (tag === '') return { tags };
  if (tag.length > TAG_MAX) return { tags, problem: 'tooLong' };
  if (tags.some((t) => t.toLowerCase() === tag.toLowerCase())) return { tags, problem: 'duplicate' };
  if (tags.length >= MAX_TAGS) return { tags, problem: 'tooMany' };
  return { tags: [...tags, tag] };
}

type Draft = Pick<InspirationEditorContext, 'media' | 'title' | 'description'>;

/** What keeps a step from being left (the details step: publishing). */
export function problemsOf(step: EditorStep, draft: Draft): EditorProblem[] {
  const problems: EditorProblem[] = [];
  if (step === 'media' || step === 'details') {
    if (draft.media.length === 0) problems.push({ field: 'MediaList', code: 'required' });
    else if (draft.media.some((m) => m.status === 'failed')) problems.push({ field: 'MediaList', code: 'uploadFailed' });
    else if (draft.media.some((m) => m.status !== 'done')) problems.push({ field: 'MediaList', code: 'uploading' });
  }
  if (step === 'details') {
    const title = draft.title.trim();
    if (title === '') problems.push({ field: 'Title', code: 'required' });
    else if (title.length > TITLE_MAX) problems.push({ field: 'Title', code: 'tooLong', max: TITLE_MAX });
    if (draft.description.trim().length > DESCRIPTION_MAX) problems.push({ field: 'Description', code: 'tooLong', max: DESCRIPTION_MAX });
  }
  return problems;
}

const mediaIDs = (media: EditorMedia[]): string[] => media.flatMap((m) => (m.mediaID ? [m.mediaID] : []));
const same = (a: string[], b: string[]): boolean => a.length === b.length && a.every((x, i) => x === b[i]);

export function createBody(context: InspirationEditorContext): CreateInspirationInput {
  return {
    Title: context.title.trim(),
    Description: context.description.trim(),
    Tag: context.tags,
    MediaList: mediaIDs(context.media),
    ProductList: context.products.map((p) => p.ProductID),
    ...(context.input.copyFrom ? { CopyFrom: context.input.copyFrom } : {}),
  };
}

/** The edit: title, description and tags (spec §7), and the media or products only when they changed. */
export function updateBody(context: InspirationEditorContext): UpdateInspirationInput {
  const InspirationID = context.input.inspirationID ?? '';
  const body: UpdateInspirationInput = { InspirationID, Title: context.title.trim(), Description: context.description.trim(), Tag: context.tags };
  const loaded = context.loaded;
  const media = mediaIDs(context.media);
  const products = context.products.map((p) => p.ProductID);
  if (!loaded || !same(media, loaded.MediaList.map((m) => m.MediaID))) body.MediaList = media;
  if (!loaded || !same(products, loaded.ProductList.map((p) => p.ProductID))) body.ProductList = products;
  return body;
}
