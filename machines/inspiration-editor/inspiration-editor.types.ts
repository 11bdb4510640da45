import type { CallResult } from '../shared/call-result.ts';
export type { CallCode } from '../shared/codes.ts';
import type { CallCode } from '../shared/codes.ts';

export type { CallResult };

/** The contract's bounds (contract/inspiration.ts, contract/media.ts; tests/machines/inspiration-editor.test.ts keeps them equal). */
export const MAX_MEDIA = 9;
export const MAX_PRODUCTS = 10;
export const MAX_TAGS = 10;
export const TITLE_MAX = 100;
export const DESCRIPTION_MAX = 2000;
export const TAG_MAX = 30;
export const MEDIA_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'video/mp4', 'video/webm'] as const;
export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;
export const VIDEO_MAX_BYTES = 16 * 1024 * 1024;
export { NETWORK_ERROR } from '../shared/codes.ts';

export const STEPS = ['media', 'products', 'details'] as const;
export type EditorStep = (typeof STEPS)[number];

export type PostStatus = 'Published' | 'Private';

/** A file the member picked, read as a data URL by the page. */
export interface ChosenFile {
  name: string;
  type: string;
  size: number;
  dataUrl: string;
}

export type UploadStatus = 'waiting' | 'uploading' | 'done' | 'failed';

/** A picture or video of the post: one being uploaded, or one already stored (an edited or copied post's). */
export interface EditorMedia {
  /** Stable within the flow (m1, m2 …). */
  key: string;
  kind: 'image' | 'video';
  contentType: string;
  name: string;
  /** What the page shows: the picked file's data URL, or the stored file's address. */
  preview: string;
  status: UploadStatus;
  /** The picked file's data URL, until it is uploaded. */
  dataUrl?: string;
  mediaID?: string;
  /** Where the stored file is served from, once uploaded (what a draft shows it by: the bytes stay out of it). */
  url?: string;
  errorCode?: CallCode;
}

export interface PickedProduct {
  ProductID: string;
  ProductTypeID: string;
  Name: { en: string; zh: string };
  Image: string;
}

/** A file refused when picked. */
export interface FileProblem {
  name: string;
  code: 'type' | 'size' | 'tooMany';
}

export type EditorProblem =
  | { field: 'MediaList'; code: 'required' | 'uploading' | 'uploadFailed' }
  | { field: 'Title'; code: 'required' | 'tooLong'; max?: number }
  | { field: 'Description'; code: 'tooLong'; max: number };

export type TagProblem = 'tooLong' | 'tooMany' | 'duplicate';

/** A stored post as get-user-inspiration answers it (what the flow reads of it). */
export interface LoadedPost {
  InspirationID: string;
  Status: PostStatus;
  Title: string;
  Description: string;
  Tag: string[];
  MediaList: Array<{ MediaID: string; Type: 'image' | 'video'; ContentType: string; Url: string; Variants: Array<{ Width: number; Url: string }> }>;
  ProductList: PickedProduct[];
  IsOwner: boolean;
}

/**
 * A new post's draft as kept on the device (per member): the words, tags, products and the pictures or videos
 * already uploaded, by reference. Files still waiting or failed are not in it (their bytes are never kept).
 */
export interface InspirationDraft {
  version: 1;
  media: Array<{ MediaID: string; kind: 'image' | 'video'; contentType: string; name: string; url: string }>;
  products: PickedProduct[];
  title: string;
  description: string;
  tags: string[];
}

/** The draft store answers what it found, if anything (an unreadable draft is none). */
export type LoadInspirationDraftOutput = { draft?: InspirationDraft | undefined };

/** What the draft store (a callback actor the app provides) is told. */
export type InspirationDraftMessage = { type: 'SAVE'; draft: InspirationDraft };

export interface InspirationEditorInput {
  /** Edit this post (its owner only). */
  inspirationID?: string;
  /** Start a new post from this published one (create-inspiration's CopyFrom). */
  copyFrom?: string;
}

export interface InspirationEditorContext {
  input: InspirationEditorInput;
  media: EditorMedia[];
  nextKey: number;
  products: PickedProduct[];
  title: string;
  description: string;
  tags: string[];
  /** The edited post's status (archive / unarchive); Published for a new one. */
  status: PostStatus;
  /** The status asked for by ARCHIVE / UNARCHIVE. */
  wantedStatus?: PostStatus;
  /** The edited post as loaded: only what changed is sent. */
  loaded?: LoadedPost;
  step: EditorStep;
  /** Steps the member tried to leave: their problems are shown. */
  checked: EditorStep[];
  fileProblems: FileProblem[];
  tagProblem?: TagProblem;
  /** The upload under way. */
  uploadingKey?: string;
  /** The last failed call's code (loading, publishing, archiving). */
  errorCode?: CallCode;
  /** The post once published or saved. */
  saved?: { InspirationID: string; Status: PostStatus };
  /** What the post held when the editor opened (rules' contentKey): leaving asks only once it differs. */
  baseline: string;
  /** A new post's draft found on the device, offered back before the steps. */
  offeredDraft?: InspirationDraft;
  /** false once the draft store failed (no storage, no Web Crypto): a new post then lasts for this visit only. */
  draftStoreOn: boolean;
}

export type InspirationEditorEvent =
  | { type: 'ADD_FILES'; files: ChosenFile[] }
  | { type: 'REMOVE_MEDIA'; key: string }
  | { type: 'MOVE_MEDIA'; from: number; to: number }
  | { type: 'RETRY_UPLOAD'; key: string }
  | { type: 'ADD_PRODUCT'; product: PickedProduct }
  | { type: 'REMOVE_PRODUCT'; productID: string }
  | { type: 'SET_DETAILS'; title?: string; description?: string }
  | { type: 'ADD_TAG'; tag: string }
  | { type: 'REMOVE_TAG'; tag: string }
  | { type: 'NEXT' }
  | { type: 'BACK' }
  | { type: 'GO_TO'; step: EditorStep }
  | { type: 'PUBLISH' }
  | { type: 'RETRY' }
  | { type: 'EDIT' }
  | { type: 'ARCHIVE' }
  | { type: 'UNARCHIVE' }
  /** The offered draft: carry on with it, or throw it away and start afresh. */
  | { type: 'RESUME_DRAFT' }
  | { type: 'DISCARD_DRAFT' }
  /** Leaving the editor (a navigation away); then the question's answers: keep writing, leave, or leave and discard the draft. */
  | { type: 'LEAVE' }
  | { type: 'STAY' }
  | { type: 'CONFIRM_LEAVE' }
  | { type: 'DISCARD' };

export interface GetUserInspirationInput {
  InspirationID: string;
}
export interface GetUserInspirationOutput {
  Inspiration: LoadedPost;
}
export interface UploadInspirationMediaInput {
  key: string;
  /** The file's base64, the data-URL prefix removed (spec §5). */
  Base64: string;
  ContentType: string;
}
export interface UploadInspirationMediaOutput {
  MediaID: string;
  mediaUrl: string;
}
export interface CreateInspirationInput {
  Title: string;
  Description: string;
  Tag: string[];
  MediaList: string[];
  ProductList: string[];
  CopyFrom?: string;
}
export interface UpdateInspirationInput {
  InspirationID: string;
  Status?: PostStatus;
  Title?: string;
  Description?: string;
  Tag?: string[];
  MediaList?: string[];
  ProductList?: string[];
}
export interface SavedInspirationOutput {
  Inspiration: { InspirationID: string; Status: PostStatus };
}

export type InspirationEditorOutput =
  | { outcome: 'published'; inspiration: { InspirationID: string; Status: PostStatus } }
  | { outcome: 'notFound' }
  | { outcome: 'left' };

export type InspirationEditorTag = 'busy' | 'saving' | 'changingStatus';
