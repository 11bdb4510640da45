import { assign, enqueueActions, fromCallback, fromPromise, setup } from 'xstate';
import type {
  CallCode,
  CallResult,
  CreateInspirationInput,
  EditorStep,
  GetUserInspirationInput,
  GetUserInspirationOutput,
  InspirationDraftMessage,
  InspirationEditorContext,
  InspirationEditorEvent,
  InspirationEditorInput,
  InspirationEditorOutput,
  InspirationEditorTag,
  LoadInspirationDraftOutput,
  PickedProduct,
  PostStatus,
  SavedInspirationOutput,
  UpdateInspirationInput,
  UploadInspirationMediaInput,
  UploadInspirationMediaOutput,
} from './inspiration-editor.types.ts';
import { MAX_PRODUCTS, NETWORK_ERROR, STEPS } from './inspiration-editor.types.ts';
import {
  addFiles,
  addTag,
  contentKey,
  createBody,
  draftOf,
  fromDraft,
  hasChanges,
  isNewPost,
  mediaOf,
  moveItem,
  offerable,
  problemsOf,
  stepIndex,
  updateBody,
  withoutDataUrlPrefix,
} from './inspiration-editor.rules.ts';

const failureCode = (result: CallResult<unknown>): CallCode | undefined => (result.ok ? undefined : result.code);

export const inspirationEditorMachine = setup({
  types: {
    context: {} as InspirationEditorContext,
    events: {} as InspirationEditorEvent,
    input: {} as InspirationEditorInput,
    output: {} as InspirationEditorOutput,
    tags: {} as InspirationEditorTag,
  },
  actors: {
    getUserInspiration: fromPromise<CallResult<GetUserInspirationOutput>, GetUserInspirationInput>(async () => {
      throw new Error('getUserInspiration not provided');
    }),
    /** upload-temporary-media {Purpose: inspiration}, then the PUT of the file's base64 with its content type. */
    uploadInspirationMedia: fromPromise<CallResult<UploadInspirationMediaOutput>, UploadInspirationMediaInput>(async () => {
      throw new Error('uploadInspirationMedia not provided');
    }),
    createInspiration: fromPromise<CallResult<SavedInspirationOutput>, CreateInspirationInput>(async () => {
      throw new Error('createInspiration not provided');
    }),
    updateInspiration: fromPromise<CallResult<SavedInspirationOutput>, UpdateInspirationInput>(async () => {
      throw new Error('updateInspiration not provided');
    }),
    /** Reads the member's new-post draft kept on this device (decrypted with the id cookie). */
    loadInspirationDraft: fromPromise<LoadInspirationDraftOutput>(async () => {
      throw new Error('loadInspirationDraft not provided');
    }),
    /** Keeps a new post's draft on the device (encrypted by the app): told SAVE on every change, it writes a moment later. */
    storeInspirationDraft: fromCallback<InspirationDraftMessage>(() => {
      throw new Error('storeInspirationDraft not provided');
    }),
    clearInspirationDraft: fromPromise<void>(async () => {
      throw new Error('clearInspirationDraft not provided');
    }),
  },
  actions: {
    fillFromPost: assign(({ context }, params: { result: CallResult<GetUserInspirationOutput> }) => {
      if (!params.result.ok) return {};
      const post = params.result.data.Inspiration;
      const media = mediaOf(post, context.nextKey);
      const editing = context.input.inspirationID !== undefined;
      return {
        media,
        nextKey: context.nextKey + media.length,
        products: post.ProductList,
        title: post.Title,
        description: post.Description,
        tags: post.Tag,
        baseline: contentKey({ media, products: post.ProductList, title: post.Title, description: post.Description, tags: post.Tag }),
        ...(editing ? { loaded: post, status: post.Status } : {}),
        errorCode: undefined,
      };
    }),
    offerDraft: assign((_, params: { output: LoadInspirationDraftOutput }) => ({ offeredDraft: params.output.draft })),
    /** The offered draft fills the steps; it is what the editor opened with, so leaving at once asks nothing. */
    resumeDraft: assign(({ context }) => {
      if (!context.offeredDraft) return {};
      const content = fromDraft(context.offeredDraft, context.nextKey);
      return { ...content, baseline: contentKey(content), offeredDraft: undefined };
    }),
    forgetOfferedDraft: assign({ offeredDraft: undefined }),
    /** The draft store is told the post; it writes it a moment later, encrypted (the machine itself stays pure). */
    persistDraft: enqueueActions(({ context, enqueue }) => {
      if (context.draftStoreOn && isNewPost(context.input))
        enqueue.sendTo('storeInspirationDraft', { type: 'SAVE', draft: draftOf(context) } satisfies InspirationDraftMessage);
    }),
    draftStoreOff: assign({ draftStoreOn: false }),
    addFiles: assign(({ context }, params: { files: Parameters<typeof addFiles>[1] }) => addFiles(context, params.files)),
    removeMedia: assign(({ context }, params: { key: string }) => ({
      media: context.media.filter((m) => m.key !== params.key),
      fileProblems: [],
    })),
    moveMedia: assign(({ context }, params: { from: number; to: number }) => ({ media: moveItem(context.media, params.from, params.to) })),
    retryUpload: assign(({ context }, params: { key: string }) => ({
      media: context.media.map((m) => (m.key === params.key && m.status === 'failed' ? { ...m, status: 'waiting' as const, errorCode: undefined } : m)),
    })),
    startUpload: assign(({ context }) => {
      const next = context.media.find((m) => m.status === 'waiting');
      return {
        uploadingKey: next?.key,
        media: context.media.map((m) => (m.key === next?.key ? { ...m, status: 'uploading' as const } : m)),
      };
    }),
    finishUpload: assign(({ context }, params: { result: CallResult<UploadInspirationMediaOutput> | undefined }) => {
      const result = params.result;
      return {
        uploadingKey: undefined,
        // A file removed while it was uploading is not put back.
        media: context.media.map((m) => {
          if (m.key !== context.uploadingKey) return m;
          if (result?.ok) {
            const { dataUrl: _sent, ...rest } = m;
            return { ...rest, status: 'done' as const, mediaID: result.data.MediaID, url: result.data.mediaUrl, errorCode: undefined };
          }
          return { ...m, status: 'failed' as const, errorCode: result ? failureCode(result) : NETWORK_ERROR };
        }),
      };
    }),
    addProduct: assign(({ context }, params: { product: PickedProduct }) =>
      context.products.some((p) => p.ProductID === params.product.ProductID) || context.products.length >= MAX_PRODUCTS
        ? {}
        : { products: [...context.products, params.product] },
    ),
    removeProduct: assign(({ context }, params: { productID: string }) => ({ products: context.products.filter((p) => p.ProductID !== params.productID) })),
    setDetails: assign((_, params: { title?: string; description?: string }) => ({
      ...(params.title !== undefined ? { title: params.title } : {}),
      ...(params.description !== undefined ? { description: params.description } : {}),
    })),
    addTag: assign(({ context }, params: { tag: string }) => {
      const { tags, problem } = addTag(context.tags, params.tag);
      return { tags, tagProblem: problem };
    }),
    removeTag: assign(({ context }, params: { tag: string }) => ({ tags: context.tags.filter((t) => t !== params.tag), tagProblem: undefined })),
    enterStep: assign((_, params: { step: EditorStep }) => ({ step: params.step, fileProblems: [] })),
    markChecked: assign(({ context }) => ({ checked: context.checked.includes(context.step) ? context.checked : [...context.checked, context.step] })),
    storeSaved: assign((_, params: { result: CallResult<SavedInspirationOutput> }) =>
      params.result.ok ? { saved: params.result.data.Inspiration, errorCode: undefined } : {},
    ),
    storeStatus: assign((_, params: { result: CallResult<SavedInspirationOutput> }) =>
      params.result.ok ? { status: params.result.data.Inspiration.Status, errorCode: undefined } : {},
    ),
    rememberFailure: assign((_, params: { result: CallResult<unknown> }) => ({ errorCode: failureCode(params.result) })),
    rememberNetworkError: assign({ errorCode: NETWORK_ERROR }),
    clearError: assign({ errorCode: undefined }),
    wantStatus: assign((_, params: { status: PostStatus }) => ({ wantedStatus: params.status, errorCode: undefined })),
  },
  guards: {
    succeeded: (_, params: { result: CallResult<unknown> }) => params.result.ok,
    mayEdit: ({ context }, params: { result: CallResult<GetUserInspirationOutput> }) =>
      params.result.ok && (context.input.inspirationID === undefined || params.result.data.Inspiration.IsOwner),
    loads: ({ context }) => context.input.inspirationID !== undefined || context.input.copyFrom !== undefined,
    isEdit: ({ context }) => context.input.inspirationID !== undefined,
    isNewPost: ({ context }) => isNewPost(context.input),
    draftOffered: (_, params: { output: LoadInspirationDraftOutput }) => offerable(params.output.draft),
    hasChanges: ({ context }) => hasChanges(context),
    stepIs: ({ context }, params: { step: EditorStep }) => context.step === params.step,
    savedNewPost: ({ context }, params: { result: CallResult<unknown> }) => params.result.ok && isNewPost(context.input),
    isPublishedEdit: ({ context }) => context.input.inspirationID !== undefined && context.status === 'Published',
    isPrivateEdit: ({ context }) => context.input.inspirationID !== undefined && context.status === 'Private',
    stepReady: ({ context }) => problemsOf(context.step, context).length === 0,
    allReady: ({ context }) => problemsOf('details', context).length === 0,
    hasWaiting: ({ context }) => context.media.some((m) => m.status === 'waiting'),
    canGoTo: ({ context }, params: { step: EditorStep; to: EditorStep }) =>
      params.step === params.to &&
      // Back freely; forward only over steps that pass.
      (stepIndex(params.to) <= stepIndex(context.step) || STEPS.slice(0, stepIndex(params.to)).every((s) => problemsOf(s, context).length === 0)),
  },
}).createMachine({
  id: 'inspirationEditor',
  description:
    'A member writes an inspiration post (pictures or short videos, uploaded one by one with retry; products from the catalogue; title, description and tags) and publishes it, or edits, archives and unarchives one of theirs.',
  context: ({ input }) => ({
    input,
    media: [],
    nextKey: 1,
    products: [],
    title: '',
    description: '',
    tags: [],
    status: 'Published',
    step: 'media',
    checked: [],
    fileProblems: [],
    baseline: contentKey({ media: [], products: [], title: '', description: '', tags: [] }),
    draftStoreOn: true,
  }),
  initial: 'starting',
  output: ({ context, event }): InspirationEditorOutput =>
    context.saved
      ? { outcome: 'published', inspiration: context.saved }
      : ((event as { output?: InspirationEditorOutput }).output ?? { outcome: 'notFound' }),
  states: {
    starting: {
      description: 'A new post looks for its draft first; an edit or a copy reads its post first.',
      always: [{ guard: 'loads', target: 'loading' }, { target: 'restoring' }],
    },
    restoring: {
      description: 'Reading the new-post draft kept on this device (decrypted with the id cookie).',
      tags: ['busy'],
      invoke: {
        id: 'loadInspirationDraft',
        src: 'loadInspirationDraft',
        onDone: [
          {
            guard: { type: 'draftOffered', params: ({ event }) => ({ output: event.output }) },
            target: 'offeringDraft',
            actions: { type: 'offerDraft', params: ({ event }) => ({ output: event.output }) },
            description: 'A draft with something in it: ask whether to continue it.',
          },
          { target: 'editing', description: 'No draft (or an empty one): a blank post.' },
        ],
        onError: { target: 'editing', description: 'The draft could not be read: a blank post.' },
      },
      on: { LEAVE: 'left' },
    },
    offeringDraft: {
      description: '"Continue your draft?": carry on with the words, tags, products and uploaded media kept from last time, or discard them.',
      on: {
        RESUME_DRAFT: { target: 'editing', actions: 'resumeDraft' },
        DISCARD_DRAFT: { target: 'discardingDraft', actions: 'forgetOfferedDraft' },
        LEAVE: { target: 'left', description: 'Nothing written yet in this visit; the draft stays on the device.' },
      },
    },
    discardingDraft: {
      description: 'Throwing the old draft away before a blank post.',
      tags: ['busy'],
      invoke: {
        id: 'clearInspirationDraft',
        src: 'clearInspirationDraft',
        onDone: 'editing',
        onError: { target: 'editing', description: 'It could not be removed; the next change overwrites it anyway.' },
      },
    },
    loading: {
      description: 'Reading the post being edited (or copied from).',
      tags: ['busy'],
      invoke: {
        id: 'getUserInspiration',
        src: 'getUserInspiration',
        input: ({ context }) => ({ InspirationID: context.input.inspirationID ?? context.input.copyFrom ?? '' }),
        onDone: [
          {
            guard: { type: 'mayEdit', params: ({ event }) => ({ result: event.output }) },
            target: 'editing',
            actions: { type: 'fillFromPost', params: ({ event }) => ({ result: event.output }) },
            description: 'Theirs to edit (or a published post to copy): its media, products and words fill the steps.',
          },
          {
            target: 'notFound',
            actions: { type: 'rememberFailure', params: ({ event }) => ({ result: event.output }) },
            description: 'Not there, private, or another member’s to edit.',
          },
        ],
        onError: { target: 'loadFailed', actions: 'rememberNetworkError' },
      },
      on: { LEAVE: 'left' },
    },
    loadFailed: {
      description: 'The post could not be read (no answer); the member may try again.',
      on: { RETRY: { target: 'loading', actions: 'clearError' }, LEAVE: 'left' },
    },
    notFound: {
      description: 'There is no such post for this member to edit.',
      type: 'final',
      output: { outcome: 'notFound' },
    },
    editing: {
      description:
        'The three steps, with uploads going on beside them and, for an edited post, archiving. A new post’s every change goes to its draft on the device; leaving with changes asks first.',
      type: 'parallel',
      invoke: {
        id: 'storeInspirationDraft',
        src: 'storeInspirationDraft',
        onError: {
          actions: 'draftStoreOff',
          description: 'The device cannot keep the draft (no storage, no Web Crypto): the post can still be written and published in this visit.',
        },
      },
      on: {
        ADD_FILES: { actions: [{ type: 'addFiles', params: ({ event }) => ({ files: event.files }) }, 'persistDraft'] },
        REMOVE_MEDIA: { actions: [{ type: 'removeMedia', params: ({ event }) => ({ key: event.key }) }, 'persistDraft'] },
        MOVE_MEDIA: { actions: [{ type: 'moveMedia', params: ({ event }) => ({ from: event.from, to: event.to }) }, 'persistDraft'] },
        RETRY_UPLOAD: { actions: { type: 'retryUpload', params: ({ event }) => ({ key: event.key }) } },
        ADD_PRODUCT: { actions: [{ type: 'addProduct', params: ({ event }) => ({ product: event.product }) }, 'persistDraft'] },
        REMOVE_PRODUCT: { actions: [{ type: 'removeProduct', params: ({ event }) => ({ productID: event.productID }) }, 'persistDraft'] },
        SET_DETAILS: {
          actions: [
            {
              type: 'setDetails',
              params: ({ event }) => ({
                ...(event.title !== undefined ? { title: event.title } : {}),
                ...(event.description !== undefined ? { description: event.description } : {}),
              }),
            },
            'persistDraft',
          ],
        },
        ADD_TAG: { actions: [{ type: 'addTag', params: ({ event }) => ({ tag: event.tag }) }, 'persistDraft'] },
        REMOVE_TAG: { actions: [{ type: 'removeTag', params: ({ event }) => ({ tag: event.tag }) }, 'persistDraft'] },
      },
      states: {
        step: {
          description: 'Which step is shown, or the question before leaving (over the step, which stays as it was).',
          initial: 'media',
          on: {
            LEAVE: [
              { guard: 'hasChanges', target: '.asking', description: 'Something differs from what the editor opened with: ask first.' },
              { target: '#inspirationEditor.left', description: 'Nothing changed: leave at once.' },
            ],
            GO_TO: [
              { guard: { type: 'canGoTo', params: ({ event }) => ({ step: event.step, to: 'media' }) }, target: '.media' },
              { guard: { type: 'canGoTo', params: ({ event }) => ({ step: event.step, to: 'products' }) }, target: '.products' },
              {
                guard: { type: 'canGoTo', params: ({ event }) => ({ step: event.step, to: 'details' }) },
                target: '.details',
                description: 'Back freely; forward only over steps that pass (the summary’s step links).',
              },
            ],
          },
          states: {
            media: {
              description: 'Pick pictures or videos (the first is the cover); each uploads at once.',
              entry: { type: 'enterStep', params: { step: 'media' } },
              on: {
                NEXT: [
                  { guard: 'stepReady', target: 'products' },
                  { actions: 'markChecked', description: 'Nothing picked, or an upload still going or failed: say so.' },
                ],
              },
            },
            products: {
              description: 'Search the catalogue and pick the products in the post (optional).',
              entry: { type: 'enterStep', params: { step: 'products' } },
              on: {
                NEXT: 'details',
                BACK: 'media',
              },
            },
            details: {
              description: 'Title, description and tags; publish (or save the edit) from here.',
              entry: { type: 'enterStep', params: { step: 'details' } },
              on: {
                BACK: 'products',
                PUBLISH: [
                  {
                    guard: 'allReady',
                    target: '#inspirationEditor.saving',
                    description: 'Everything uploaded and a title: send it.',
                  },
                  { actions: 'markChecked', description: 'Something is missing: say what.' },
                ],
              },
            },
            asking: {
              description:
                'Asked before leaving: keep writing, leave (a new post’s draft stays on this device), or leave and discard the draft. Uploads go on meanwhile.',
              on: {
                STAY: 'resume',
                CONFIRM_LEAVE: '#inspirationEditor.left',
                DISCARD: [
                  { guard: 'isNewPost', target: '#inspirationEditor.discarding' },
                  { target: '#inspirationEditor.left', description: 'An edit or a copy keeps no draft: discarding is leaving.' },
                ],
              },
            },
            resume: {
              description: 'Back to the step the member was on.',
              always: [
                { guard: { type: 'stepIs', params: { step: 'products' } }, target: 'products' },
                { guard: { type: 'stepIs', params: { step: 'details' } }, target: 'details' },
                { target: 'media' },
              ],
            },
          },
        },
        upload: {
          description: 'Uploads, one file at a time, in the order picked.',
          initial: 'idle',
          states: {
            idle: {
              description: 'Nothing to upload.',
              always: { guard: 'hasWaiting', target: 'uploading' },
            },
            uploading: {
              description: 'One file going up: reserved with upload-temporary-media, then sent.',
              entry: 'startUpload',
              invoke: {
                id: 'uploadInspirationMedia',
                src: 'uploadInspirationMedia',
                input: ({ context }) => {
                  const m = context.media.find((x) => x.key === context.uploadingKey);
                  return { key: m?.key ?? '', Base64: withoutDataUrlPrefix(m?.dataUrl ?? ''), ContentType: m?.contentType ?? '' };
                },
                onDone: {
                  target: 'idle',
                  actions: [{ type: 'finishUpload', params: ({ event }) => ({ result: event.output }) }, 'persistDraft'],
                  description: 'Stored (the file gets its MediaID and goes into the draft) or refused (marked failed, with a retry).',
                },
                onError: {
                  target: 'idle',
                  actions: { type: 'finishUpload', params: { result: undefined } },
                  description: 'No answer: the file is marked failed, with a retry.',
                },
              },
            },
          },
        },
        status: {
          description: 'An edited post’s archiving.',
          initial: 'idle',
          states: {
            idle: {
              description: 'Published or archived, as shown.',
              on: {
                ARCHIVE: { guard: 'isPublishedEdit', target: 'changing', actions: { type: 'wantStatus', params: { status: 'Private' } } },
                UNARCHIVE: { guard: 'isPrivateEdit', target: 'changing', actions: { type: 'wantStatus', params: { status: 'Published' } } },
              },
            },
            changing: {
              description: 'Archiving (Private) or unarchiving (Published) through update-inspiration.',
              tags: ['changingStatus'],
              invoke: {
                id: 'updateInspiration',
                src: 'updateInspiration',
                input: ({ context }) => ({ InspirationID: context.input.inspirationID ?? '', Status: context.wantedStatus ?? context.status }),
                onDone: [
                  {
                    guard: { type: 'succeeded', params: ({ event }) => ({ result: event.output }) },
                    target: 'idle',
                    actions: { type: 'storeStatus', params: ({ event }) => ({ result: event.output }) },
                  },
                  { target: 'idle', actions: { type: 'rememberFailure', params: ({ event }) => ({ result: event.output }) } },
                ],
                onError: { target: 'idle', actions: 'rememberNetworkError' },
              },
            },
          },
        },
      },
    },
    discarding: {
      description: 'Throwing the new post’s draft away before leaving.',
      tags: ['busy'],
      invoke: {
        id: 'clearInspirationDraft',
        src: 'clearInspirationDraft',
        onDone: 'left',
        onError: { target: 'left', description: 'The draft could not be removed; the member leaves anyway.' },
      },
    },
    left: {
      description: 'The member left the editor (the navigation away goes on).',
      type: 'final',
      output: { outcome: 'left' },
    },
    saving: {
      description: 'Publishing the new post (create-inspiration) or saving the edit (update-inspiration).',
      initial: 'choosing',
      tags: ['saving'],
      states: {
        choosing: {
          description: 'A new post or an edit.',
          always: [{ guard: 'isEdit', target: 'updating' }, { target: 'creating' }],
        },
        creating: {
          description: 'create-inspiration: Published, with the uploaded media, products and words.',
          invoke: {
            id: 'createInspiration',
            src: 'createInspiration',
            input: ({ context }) => createBody(context),
            onDone: [
              {
                guard: { type: 'savedNewPost', params: ({ event }) => ({ result: event.output }) },
                target: '#inspirationEditor.forgettingDraft',
                actions: { type: 'storeSaved', params: ({ event }) => ({ result: event.output }) },
              },
              {
                guard: { type: 'succeeded', params: ({ event }) => ({ result: event.output }) },
                target: '#inspirationEditor.published',
                actions: { type: 'storeSaved', params: ({ event }) => ({ result: event.output }) },
                description: 'A copy keeps no draft.',
              },
              { target: '#inspirationEditor.failed', actions: { type: 'rememberFailure', params: ({ event }) => ({ result: event.output }) } },
            ],
            onError: { target: '#inspirationEditor.failed', actions: 'rememberNetworkError' },
          },
        },
        updating: {
          description: 'update-inspiration: title, description and tags (and media or products when changed).',
          invoke: {
            id: 'updateInspiration',
            src: 'updateInspiration',
            input: ({ context }) => updateBody(context),
            onDone: [
              {
                guard: { type: 'succeeded', params: ({ event }) => ({ result: event.output }) },
                target: '#inspirationEditor.published',
                actions: { type: 'storeSaved', params: ({ event }) => ({ result: event.output }) },
              },
              { target: '#inspirationEditor.failed', actions: { type: 'rememberFailure', params: ({ event }) => ({ result: event.output }) } },
            ],
            onError: { target: '#inspirationEditor.failed', actions: 'rememberNetworkError' },
          },
        },
      },
    },
    failed: {
      description: 'Publishing or saving failed; the member may try again or go back to the words.',
      on: {
        RETRY: { target: 'saving', actions: 'clearError' },
        EDIT: { target: '#inspirationEditor.editing.step.details', actions: 'clearError' },
        LEAVE: [
          {
            guard: 'hasChanges',
            target: '#inspirationEditor.editing.step.asking',
            actions: 'clearError',
            description: 'Not saved: back to the words, asking before leaving.',
          },
          { target: 'left', description: 'Nothing changed (an edit saved as it was): leave at once.' },
        ],
      },
    },
    forgettingDraft: {
      description: 'The new post is published: its draft on this device is removed.',
      tags: ['saving'],
      invoke: {
        id: 'clearInspirationDraft',
        src: 'clearInspirationDraft',
        onDone: 'published',
        onError: { target: 'published', description: 'The draft could not be removed; the post is published all the same.' },
      },
    },
    published: {
      description: 'The post is published (or the edit saved): the page opens it.',
      type: 'final',
    },
  },
});
