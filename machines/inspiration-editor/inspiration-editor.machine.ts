import { assign, fromPromise, setup } from 'xstate';
import type {
  CallResult,
  CreateInspirationInput,
  EditorStep,
  GetUserInspirationInput,
  GetUserInspirationOutput,
  InspirationEditorContext,
  InspirationEditorEvent,
  InspirationEditorInput,
  InspirationEditorOutput,
  InspirationEditorTag,
  PickedProduct,
  PostStatus,
  SavedInspirationOutput,
  UpdateInspirationInput,
  UploadInspirationMediaInput,
  UploadInspirationMediaOutput,
} from './inspiration-editor.types.ts';
import { MAX_PRODUCTS, NETWORK_ERROR, STEPS } from './inspiration-editor.types.ts';
import { addFiles, addTag, createBody, mediaOf, moveItem, problemsOf, stepIndex, updateBody, withoutDataUrlPrefix } from './inspiration-editor.rules.ts';

const failureCode = (result: CallResult<unknown>): string | undefined => (result.ok ? undefined : result.code);

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
        ...(editing ? { loaded: post, status: post.Status } : {}),
        errorCode: undefined,
      };
    }),
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
            return { ...rest, status: 'done' as const, mediaID: result.data.MediaID, errorCode: undefined };
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
  }),
  initial: 'starting',
  output: ({ context }): InspirationEditorOutput =>
    context.saved ? { outcome: 'published', inspiration: context.saved } : { outcome: 'notFound' },
  states: {
    starting: {
      description: 'A new post starts blank; an edit or a copy reads its post first.',
      always: [{ guard: 'loads', target: 'loading' }, { target: 'editing' }],
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
    },
    loadFailed: {
      description: 'The post could not be read (no answer); the member may try again.',
      on: { RETRY: { target: 'loading', actions: 'clearError' } },
    },
    notFound: {
      description: 'There is no such post for this member to edit.',
      type: 'final',
    },
    editing: {
      description: 'The three steps, with uploads going on beside them and, for an edited post, archiving.',
      type: 'parallel',
      on: {
        ADD_FILES: { actions: { type: 'addFiles', params: ({ event }) => ({ files: event.files }) } },
        REMOVE_MEDIA: { actions: { type: 'removeMedia', params: ({ event }) => ({ key: event.key }) } },
        MOVE_MEDIA: { actions: { type: 'moveMedia', params: ({ event }) => ({ from: event.from, to: event.to }) } },
        RETRY_UPLOAD: { actions: { type: 'retryUpload', params: ({ event }) => ({ key: event.key }) } },
        ADD_PRODUCT: { actions: { type: 'addProduct', params: ({ event }) => ({ product: event.product }) } },
        REMOVE_PRODUCT: { actions: { type: 'removeProduct', params: ({ event }) => ({ productID: event.productID }) } },
        SET_DETAILS: {
          actions: {
            type: 'setDetails',
            params: ({ event }) => ({
              ...(event.title !== undefined ? { title: event.title } : {}),
              ...(event.description !== undefined ? { description: event.description } : {}),
            }),
          },
        },
        ADD_TAG: { actions: { type: 'addTag', params: ({ event }) => ({ tag: event.tag }) } },
        REMOVE_TAG: { actions: { type: 'removeTag', params: ({ event }) => ({ tag: event.tag }) } },
      },
      states: {
        step: {
          description: 'Which step is shown.',
          initial: 'media',
          on: {
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
                  actions: { type: 'finishUpload', params: ({ event }) => ({ result: event.output }) },
                  description: 'Stored (the file gets its MediaID) or refused (marked failed, with a retry).',
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
                guard: { type: 'succeeded', params: ({ event }) => ({ result: event.output }) },
                target: '#inspirationEditor.published',
                actions: { type: 'storeSaved', params: ({ event }) => ({ result: event.output }) },
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
      },
    },
    published: {
      description: 'The post is published (or the edit saved): the page opens it.',
      type: 'final',
    },
  },
});
