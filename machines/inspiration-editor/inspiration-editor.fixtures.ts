import type { inspirationEditorMachine } from './inspiration-editor.machine.ts';
import type { ChosenFile, InspirationDraft, LoadedPost, PickedProduct } from './inspiration-editor.types.ts';
import { problemsOf } from './inspiration-editor.rules.ts';
import type { FlowFixtures } from '../../flows/model.ts';

/** A 1×1 PNG. */
export const PNG_DATA_URL = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

export const png: ChosenFile = { name: 'cup.png', type: 'image/png', size: 68, dataUrl: PNG_DATA_URL };
export const pdf: ChosenFile = { name: 'menu.pdf', type: 'application/pdf', size: 5, dataUrl: 'data:application/pdf;base64,JVBERi0=' };

export const oolong: PickedProduct = {
  ProductID: 'p-oolong',
  ProductTypeID: 'tea',
  Name: { en: 'Dong Ding Oolong', zh: '凍頂烏龍' },
  Image: '/media/products/dong-ding.webp',
};

export const post: LoadedPost = {
  InspirationID: 'insp-1',
  Status: 'Published',
  Title: 'Morning oolong',
  Description: 'Second steep on the balcony.',
  Tag: ['oolong', 'morning'],
  MediaList: [
    {
      MediaID: 'media-9',
      Type: 'image',
      ContentType: 'image/webp',
      Url: '/media/uploads/media-9.webp',
      Variants: [{ Width: 480, Url: '/media/uploads/media-9-480.webp' }],
    },
  ],
  ProductList: [oolong],
  IsOwner: true,
};

/** A new post's draft kept from an earlier visit: one uploaded picture, a product, a description and a tag; no title yet. */
export const draft: InspirationDraft = {
  version: 1,
  media: [{ MediaID: 'media-7', kind: 'image', contentType: 'image/png', name: 'cup.png', url: '/media/uploads/media-7.png' }],
  products: [oolong],
  title: '',
  description: 'Half written',
  tags: ['oolong'],
};

/** A draft with nothing in it (everything removed before leaving): not offered. */
export const emptyDraft: InspirationDraft = { version: 1, media: [], products: [], title: '', description: '', tags: [] };

/** What `npm run paths`, the tests and the flow atlas drive the inspirationEditorMachine with. */
export const fixtures: FlowFixtures<typeof inspirationEditorMachine> = {
  inputs: [{}, { inspirationID: 'insp-1' }, { copyFrom: 'insp-1' }],
  describeInput: (input) => (input.inspirationID ? 'editing insp-1' : input.copyFrom ? 'copying insp-1' : 'new post'),
  events: {
    ADD_FILES: [
      { type: 'ADD_FILES', files: [png] },
      { type: 'ADD_FILES', files: [pdf] },
    ],
    REMOVE_MEDIA: [{ type: 'REMOVE_MEDIA', key: 'm1' }],
    MOVE_MEDIA: [{ type: 'MOVE_MEDIA', from: 1, to: 0 }],
    RETRY_UPLOAD: [{ type: 'RETRY_UPLOAD', key: 'm1' }],
    ADD_PRODUCT: [{ type: 'ADD_PRODUCT', product: oolong }],
    REMOVE_PRODUCT: [{ type: 'REMOVE_PRODUCT', productID: 'p-oolong' }],
    SET_DETAILS: [
      { type: 'SET_DETAILS', title: 'Morning oolong', description: 'On the balcony' },
      { type: 'SET_DETAILS', title: '  ' },
    ],
    ADD_TAG: [{ type: 'ADD_TAG', tag: '#Oolong' }],
    REMOVE_TAG: [{ type: 'REMOVE_TAG', tag: 'oolong' }],
    NEXT: [{ type: 'NEXT' }],
    BACK: [{ type: 'BACK' }],
    GO_TO: [
      { type: 'GO_TO', step: 'media' },
      { type: 'GO_TO', step: 'products' },
      { type: 'GO_TO', step: 'details' },
    ],
    PUBLISH: [{ type: 'PUBLISH' }],
    RETRY: [{ type: 'RETRY' }],
    EDIT: [{ type: 'EDIT' }],
    ARCHIVE: [{ type: 'ARCHIVE' }],
    UNARCHIVE: [{ type: 'UNARCHIVE' }],
    RESUME_DRAFT: [{ type: 'RESUME_DRAFT' }],
    DISCARD_DRAFT: [{ type: 'DISCARD_DRAFT' }],
    LEAVE: [{ type: 'LEAVE' }],
    STAY: [{ type: 'STAY' }],
    CONFIRM_LEAVE: [{ type: 'CONFIRM_LEAVE' }],
    DISCARD: [{ type: 'DISCARD' }],
  },
  actors: {
    getUserInspiration: {
      done: [
        { ok: true, data: { Inspiration: post } },
        { ok: true, data: { Inspiration: { ...post, IsOwner: false } } },
        { ok: false, code: 'ObjectNotFound' },
      ],
      error: new Error('network down'),
    },
    uploadInspirationMedia: {
      done: [
        { ok: true, data: { MediaID: 'media-1', mediaUrl: '/media/uploads/media-1.png' } },
        { ok: false, code: 'InvalidParameter' },
      ],
      error: new Error('network down'),
    },
    createInspiration: {
      done: [
        { ok: true, data: { Inspiration: { InspirationID: 'insp-2', Status: 'Published' } } },
        { ok: false, code: 'InvalidParameter' },
      ],
      error: new Error('network down'),
    },
    updateInspiration: {
      done: [
        { ok: true, data: { Inspiration: { InspirationID: 'insp-1', Status: 'Private' } } },
        { ok: true, data: { Inspiration: { InspirationID: 'insp-1', Status: 'Published' } } },
        { ok: false, code: 'ObjectNotFound' },
      ],
      error: new Error('network down'),
    },
    loadInspirationDraft: {
      done: [{}, { draft }, { draft: emptyDraft }],
      error: new Error('storage unreadable'),
    },
    storeInspirationDraft: {
      done: [undefined],
      error: new Error('no Web Crypto'),
    },
    clearInspirationDraft: {
      done: [undefined],
      error: new Error('storage unwritable'),
    },
  },
  // What decides where the flow goes: whether each step passes, what the uploads are doing, the post's status. Whether
  // leaving asks follows from these on the paths: a picked file or a title is a change (the draft has no title), while a
  // blank new post, a resumed draft, a copy or an edit as loaded is not. While the question is open, the step it came
  // from (where keeping on writing returns).
  abstraction: (snapshot) => {
    const c = snapshot.context;
    return {
      mediaOK: problemsOf('media', c).length === 0,
      detailsOK: problemsOf('details', c).length === 0,
      waiting: c.media.some((m: { status: string }) => m.status === 'waiting'),
      status: c.status,
      askedFrom: snapshot.matches({ editing: { step: 'asking' } }) ? c.step : undefined,
    };
  },
};
