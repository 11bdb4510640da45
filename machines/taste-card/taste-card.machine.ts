import { assign, enqueueActions, forwardTo, fromCallback, fromPromise, setup } from 'xstate';
import type {
  CallResult,
  DraftStoreMessage,
  GetProductInput,
  GetProductOutput,
  LoadTasteCardDraftOutput,
  NewCreateTasteCardInput,
  NewCreateTasteCardOutput,
  TasteCardContext,
  TasteCardEvent,
  TasteCardInput,
  TasteCardOutput,
  TasteCardStepsInput,
  TasteCardStepsLogic,
  TasteCardStepsOutput,
  TasteCardTag,
  UploadTemporaryMediaInput,
  UploadTemporaryMediaOutput,
} from './taste-card.types.ts';
import { NETWORK_ERROR } from './taste-card.types.ts';
import { blankAnswers, createBody, draftFits, draftOf, hasAnswers, usableDraft, withoutDataUrlPrefix } from './taste-card.rules.ts';

type LeaveFrom = NonNullable<TasteCardContext['leaveFrom']>;

export const tasteCardMachine = setup({
  types: {
    context: {} as TasteCardContext,
    events: {} as TasteCardEvent,
    input: {} as TasteCardInput,
    output: {} as TasteCardOutput,
    tags: {} as TasteCardTag,
  },
  actors: {
    loadTasteCardDraft: fromPromise<LoadTasteCardDraftOutput>(async () => {
      throw new Error('loadTasteCardDraft not provided');
    }),
    /** Keeps the draft on the device (encrypted by the app): told SAVE on every change, it writes a moment later. */
    storeTasteCardDraft: fromCallback<DraftStoreMessage>(() => {
      throw new Error('storeTasteCardDraft not provided');
    }),
    clearTasteCardDraft: fromPromise<void>(async () => {
      throw new Error('clearTasteCardDraft not provided');
    }),
    getProduct: fromPromise<CallResult<GetProductOutput>, GetProductInput>(async () => {
      throw new Error('getProduct not provided');
    }),
    uploadTemporaryMedia: fromPromise<CallResult<UploadTemporaryMediaOutput>, UploadTemporaryMediaInput>(async () => {
      throw new Error('uploadTemporaryMedia not provided');
    }),
    newCreateTasteCard: fromPromise<CallResult<NewCreateTasteCardOutput>, NewCreateTasteCardInput>(async () => {
      throw new Error('newCreateTasteCard not provided');
    }),
    // The five steps (machines/taste-card-steps), a flow of their own. A machine, declared by its type: this file
    // imports only its own folder, so it opens as-is in the visualizer.
    tasteCardSteps: fromPromise<TasteCardStepsOutput, TasteCardStepsInput>(async () => {
      throw new Error('tasteCardSteps not provided');
    }) as unknown as TasteCardStepsLogic,
  },
  actions: {
    restoreDraft: assign((_, params: { output: LoadTasteCardDraftOutput }) => {
      const d = params.output.draft;
      return d
        ? {
            product: d.product,
            answers: { ...blankAnswers(), ...d.answers },
            step: d.step,
            restored: true,
            restoredOrigin: d.origin,
          }
        : {};
    }),
    keepDraftAside: assign((_, params: { output: LoadTasteCardDraftOutput }) => ({ savedDraft: usableDraft(params.output.draft) })),
    /** The drink of the draft kept aside was chosen: its answers and step come back. */
    resumeSavedDraft: assign(({ context }, params: { product: NonNullable<TasteCardContext['product']> }) => {
      const d = context.savedDraft!;
      return {
        product: params.product,
        answers: { ...blankAnswers(), ...d.answers },
        step: d.step,
        restored: true,
        restoredOrigin: d.origin,
        savedDraft: undefined,
        errorCode: undefined,
      };
    }),
    storeProduct: assign((_, params: { result: CallResult<GetProductOutput> }) =>
      params.result.ok
        ? {
            product: {
              ProductID: params.result.data.Product.ProductID,
              Name: params.result.data.Product.Name,
              Image: params.result.data.Product.Image,
              ProductTypeID: params.result.data.Product.ProductTypeID,
            },
            errorCode: undefined,
          }
        : {},
    ),
    selectProduct: assign((_, params: { product: TasteCardContext['product'] }) => ({
      product: params.product,
      // Another drink's card: its draft replaces the one kept aside, which is no longer on offer.
      savedDraft: undefined,
      errorCode: undefined,
    })),
    /** Where the five steps are (answers, step, steps flagged, photo refused); a photo changed is uploaded afresh. */
    followSteps: assign(({ context }, { steps }: { steps?: TasteCardStepsInput | undefined }) =>
      // No steps when a stand-in that is not a machine runs them (the path replays: a pending promise).
      steps
        ? {
            answers: steps.answers,
            step: steps.step,
            checked: steps.checked,
            photoProblem: steps.photoProblem,
            mediaID: steps.answers.photo === context.answers.photo ? context.mediaID : undefined,
          }
        : {},
    ),
    /** Back from a refused save to the review. */
    reviewAgain: assign({ step: 'review' as const }),
    /** The draft store is told the answers; it writes them a moment later, encrypted (the machine itself stays pure). */
    persistDraft: enqueueActions(({ context, enqueue }) => {
      const draft = draftOf(context);
      if (context.draftStoreOn && draft)
        enqueue.sendTo('storeTasteCardDraft', {
          type: 'SAVE',
          draft,
        } satisfies DraftStoreMessage);
    }),
    draftStoreOff: assign({ draftStoreOn: false }),
    forgetLeaveFrom: assign({ leaveFrom: undefined }),
    noteLeaveFrom: assign((_, params: { from: LeaveFrom }) => ({
      leaveFrom: params.from,
    })),
    storeMedia: assign((_, params: { result: CallResult<UploadTemporaryMediaOutput> }) => (params.result.ok ? { mediaID: params.result.data.MediaID } : {})),
    storeCard: assign((_, params: { result: CallResult<NewCreateTasteCardOutput> }) =>
      params.result.ok ? { card: params.result.data.Card, errorCode: undefined } : {},
    ),
    rememberFailure: assign((_, params: { result: CallResult<unknown> }) => ({
      errorCode: params.result.ok ? undefined : params.result.code,
    })),
    rememberNetworkError: assign({ errorCode: NETWORK_ERROR }),
    clearError: assign({ errorCode: undefined }),
  },
  guards: {
    succeeded: (_, params: { result: CallResult<unknown> }) => params.result.ok,
    draftFits: ({ context }, params: { output: LoadTasteCardDraftOutput }) => draftFits(params.output.draft, context.input.productID),
    productAsked: ({ context }) => context.input.productID !== undefined,
    savedDraftFor: ({ context }, params: { productID: string }) => context.savedDraft?.product.ProductID === params.productID,
    hasProduct: ({ context }) => context.product !== undefined,
    leaveAskedFrom: ({ context }, params: { from: LeaveFrom }) => context.leaveFrom === params.from,
    stepsEnded: (_, params: { output: TasteCardStepsOutput; outcome: TasteCardStepsOutput['outcome'] }) => params.output.outcome === params.outcome,
    hasUnsavedAnswers: ({ context }) => hasAnswers(context.answers),
    photoToUpload: ({ context }) => context.answers.photo !== undefined && context.mediaID === undefined,
  },
}).createMachine({
  id: 'tasteCard',
  description:
    'A member writes a taste card for a drink: choose the drink, then five steps (five senses, notes and aromas, recipe, title and photo, review), then save. Answers are kept on the device as an encrypted draft, so a reload resumes where they were.',
  context: ({ input }) => ({
    input,
    answers: blankAnswers(),
    step: 'fiveSenses',
    checked: [],
    restored: false,
    draftStoreOn: true,
  }),
  initial: 'restoring',
  output: ({ context }): TasteCardOutput => (context.card ? { outcome: 'saved', card: context.card } : { outcome: 'left' }),
  states: {
    restoring: {
      description: 'Reading a draft kept on this device (decrypted with the id cookie).',
      tags: ['busy'],
      invoke: {
        id: 'loadTasteCardDraft',
        src: 'loadTasteCardDraft',
        onDone: [
          {
            guard: {
              type: 'draftFits',
              params: ({ event }) => ({ output: event.output }),
            },
            target: 'editing.writing',
            actions: {
              type: 'restoreDraft',
              params: ({ event }) => ({ output: event.output }),
            },
            description: 'A draft for the drink asked for: resume at its step with its answers.',
          },
          { guard: 'productAsked', target: 'loadingProduct' },
          {
            target: 'editing.selectingProduct',
            actions: { type: 'keepDraftAside', params: ({ event }) => ({ output: event.output }) },
            description: 'No drink asked for: the member chooses; a draft kept on this device is offered, not opened.',
          },
        ],
        onError: [
          {
            guard: 'productAsked',
            target: 'loadingProduct',
            description: 'The draft could not be read: start afresh.',
          },
          { target: 'editing.selectingProduct' },
        ],
      },
    },
    loadingProduct: {
      description: 'Reading the drink asked for in the address (getProduct).',
      tags: ['busy'],
      invoke: {
        id: 'getProduct',
        src: 'getProduct',
        input: ({ context }) => ({
          Currency: context.input.currency,
          ProductID: context.input.productID ?? '',
        }),
        onDone: [
          {
            guard: {
              type: 'succeeded',
              params: ({ event }) => ({ result: event.output }),
            },
            target: 'editing.writing',
            actions: {
              type: 'storeProduct',
              params: ({ event }) => ({ result: event.output }),
            },
          },
          {
            target: 'editing.selectingProduct',
            actions: {
              type: 'rememberFailure',
              params: ({ event }) => ({ result: event.output }),
            },
            description: 'No such drink (ObjectNotFound): say so and let the member choose one of theirs.',
          },
        ],
        onError: { target: 'productFailed', actions: 'rememberNetworkError' },
      },
    },
    productFailed: {
      description: 'The drink could not be read (network): say so, offer a retry.',
      on: {
        RETRY: { target: 'loadingProduct', actions: 'clearError' },
        LEAVE: 'left',
      },
    },
    editing: {
      description: 'The member is choosing the drink or answering the steps; leaving asks first when something was answered.',
      invoke: {
        id: 'storeTasteCardDraft',
        src: 'storeTasteCardDraft',
        onError: {
          actions: 'draftStoreOff',
          description: 'The device cannot keep the draft (no storage, no Web Crypto): the card can still be written and saved in this visit.',
        },
      },
      initial: 'selectingProduct',
      states: {
        selectingProduct: {
          description: "Choosing the drink: one of the member's drinks (list-user-product) or a search.",
          on: {
            SELECT_PRODUCT: [
              {
                guard: { type: 'savedDraftFor', params: ({ event }) => ({ productID: event.product.ProductID }) },
                target: 'writing',
                actions: { type: 'resumeSavedDraft', params: ({ event }) => ({ product: event.product }) },
                description: "The drink of the draft kept on this device: resume it at its step with its answers.",
              },
              {
                target: 'writing',
                actions: [
                  {
                    type: 'selectProduct',
                    params: ({ event }) => ({ product: event.product }),
                  },
                  'persistDraft',
                ],
                description: 'Answers so far are kept when the drink changes.',
              },
            ],
            NEXT: {
              guard: 'hasProduct',
              target: 'writing',
              description: 'Back to the steps with the drink already chosen.',
            },
            LEAVE: [
              {
                guard: 'hasUnsavedAnswers',
                target: '#tasteCard.confirmingLeave',
                actions: {
                  type: 'noteLeaveFrom',
                  params: { from: 'choosing' },
                },
                description: 'Answers not saved yet: ask before leaving.',
              },
              {
                target: '#tasteCard.left',
                description: 'Nothing answered: leave at once.',
              },
            ],
          },
        },
        writing: {
          description:
            'The five steps, a flow of their own (tasteCardSteps) started at the step the member was on; the answers go to it, every change it makes goes to the draft.',
          invoke: {
            id: 'tasteCardSteps',
            src: 'tasteCardSteps',
            input: ({ context }) => ({ answers: context.answers, step: context.step, checked: context.checked, photoProblem: context.photoProblem }),
            onSnapshot: {
              actions: [{ type: 'followSteps', params: ({ event }) => ({ steps: event.snapshot.context }) }, 'persistDraft'],
              description: 'A step entered or an answer changed: the flow follows, and the draft is told.',
            },
            onDone: [
              {
                guard: { type: 'stepsEnded', params: ({ event }) => ({ output: event.output, outcome: 'submitted' }) },
                target: '#tasteCard.saving',
                actions: { type: 'followSteps', params: ({ event }) => ({ steps: event.output }) },
                description: 'Saved from the review, everything answered.',
              },
              {
                target: 'selectingProduct',
                actions: { type: 'followSteps', params: ({ event }) => ({ steps: event.output }) },
                description: 'Back from the first step to choosing the drink; answers kept.',
              },
            ],
            onError: {
              target: 'selectingProduct',
              description: 'The steps stopped unexpectedly: back to choosing the drink, with the answers as last followed.',
            },
          },
          on: {
            CHANGE_PRODUCT: 'selectingProduct',
            LEAVE: [
              {
                guard: 'hasUnsavedAnswers',
                target: '#tasteCard.confirmingLeave',
                actions: { type: 'noteLeaveFrom', params: { from: 'writing' } },
                description: 'Answers not saved yet: ask before leaving.',
              },
              {
                target: '#tasteCard.left',
                description: 'Nothing answered: leave at once.',
              },
            ],
            SET_LEVEL: { actions: forwardTo('tasteCardSteps'), description: 'The answers and moves between steps are the steps’ own.' },
            TOGGLE_NOTE: { actions: forwardTo('tasteCardSteps') },
            ADD_CUSTOM_NOTE: { actions: forwardTo('tasteCardSteps') },
            REMOVE_CUSTOM_NOTE: { actions: forwardTo('tasteCardSteps') },
            TOGGLE_AROMA: { actions: forwardTo('tasteCardSteps') },
            ADD_CUSTOM_AROMA: { actions: forwardTo('tasteCardSteps') },
            REMOVE_CUSTOM_AROMA: { actions: forwardTo('tasteCardSteps') },
            SET_RECIPE: { actions: forwardTo('tasteCardSteps') },
            ADD_STEP: { actions: forwardTo('tasteCardSteps') },
            SET_STEP: { actions: forwardTo('tasteCardSteps') },
            REMOVE_STEP: { actions: forwardTo('tasteCardSteps') },
            MOVE_STEP: { actions: forwardTo('tasteCardSteps') },
            SET_DETAILS: { actions: forwardTo('tasteCardSteps') },
            CHOOSE_PHOTO: { actions: forwardTo('tasteCardSteps') },
            REMOVE_PHOTO: { actions: forwardTo('tasteCardSteps') },
            NEXT: { actions: forwardTo('tasteCardSteps') },
            BACK: { actions: forwardTo('tasteCardSteps') },
            GO_TO: { actions: forwardTo('tasteCardSteps') },
            SUBMIT: { actions: forwardTo('tasteCardSteps') },
          },
        },
      },
    },
    confirmingLeave: {
      description: 'Asked before leaving: keep writing, leave (the draft stays on this device), or leave and discard the draft.',
      on: {
        STAY: [
          { guard: { type: 'leaveAskedFrom', params: { from: 'choosing' } }, target: 'editing.selectingProduct', actions: 'forgetLeaveFrom' },
          { guard: { type: 'leaveAskedFrom', params: { from: 'failed' } }, target: 'failed', actions: 'forgetLeaveFrom' },
          { target: 'editing.writing', actions: 'forgetLeaveFrom', description: 'Back to the step the member was on.' },
        ],
        CONFIRM_LEAVE: 'left',
        DISCARD: 'discarding',
      },
    },
    discarding: {
      description: 'Throwing the draft away before leaving.',
      tags: ['busy'],
      invoke: {
        id: 'clearTasteCardDraft',
        src: 'clearTasteCardDraft',
        onDone: 'left',
        onError: {
          target: 'left',
          description: 'The draft could not be removed; the member leaves anyway.',
        },
      },
    },
    saving: {
      description: 'Saving the card: the photo first (if any, and not uploaded yet), then the card.',
      tags: ['busy', 'saving'],
      initial: 'start',
      states: {
        start: {
          description: 'Whether a photo must be uploaded first.',
          always: [{ guard: 'photoToUpload', target: 'uploadingPhoto' }, { target: 'creating' }],
        },
        uploadingPhoto: {
          description: 'upload-temporary-media, then the photo PUT as base64 without its data-URL prefix.',
          invoke: {
            id: 'uploadTemporaryMedia',
            src: 'uploadTemporaryMedia',
            input: ({ context }) => ({ Base64: withoutDataUrlPrefix(context.answers.photo?.dataUrl ?? ''), ContentType: context.answers.photo?.type ?? '' }),
            onDone: [
              {
                guard: { type: 'succeeded', params: ({ event }) => ({ result: event.output }) },
                target: 'creating',
                actions: { type: 'storeMedia', params: ({ event }) => ({ result: event.output }) },
              },
              {
                target: '#tasteCard.failed',
                actions: { type: 'rememberFailure', params: ({ event }) => ({ result: event.output }) },
                description: 'The photo was refused (too large, not a picture, too many uploads).',
              },
            ],
            onError: { target: '#tasteCard.failed', actions: 'rememberNetworkError' },
          },
        },
        creating: {
          description: 'new-create-taste-card: the card, created Published.',
          invoke: {
            id: 'newCreateTasteCard',
            src: 'newCreateTasteCard',
            input: ({ context }) => createBody(context),
            onDone: [
              {
                guard: { type: 'succeeded', params: ({ event }) => ({ result: event.output }) },
                target: '#tasteCard.forgettingDraft',
                actions: { type: 'storeCard', params: ({ event }) => ({ result: event.output }) },
              },
              {
                target: '#tasteCard.failed',
                actions: { type: 'rememberFailure', params: ({ event }) => ({ result: event.output }) },
                description: 'Refused (InvalidParameter naming a field, ObjectNotFound for a drink gone): say why.',
              },
            ],
            onError: { target: '#tasteCard.failed', actions: 'rememberNetworkError' },
          },
        },
      },
    },
    failed: {
      description: 'Not saved: the reason in words; the answers are all kept. Retry, or go back to change them.',
      on: {
        RETRY: { target: 'saving', actions: 'clearError' },
        BACK: { target: 'editing.writing', actions: ['clearError', 'reviewAgain'], description: 'Back to the review to change something.' },
        LEAVE: {
          target: 'confirmingLeave',
          actions: { type: 'noteLeaveFrom', params: { from: 'failed' } },
        },
      },
    },
    forgettingDraft: {
      description: 'Saved: the draft on this device is removed.',
      tags: ['busy'],
      invoke: {
        id: 'clearTasteCardDraft',
        src: 'clearTasteCardDraft',
        onDone: 'saved',
        onError: {
          target: 'saved',
          description: 'The draft could not be removed; the card is saved all the same.',
        },
      },
    },
    saved: {
      type: 'final',
      description: 'The card is saved and published: on to the success page.',
    },
    left: {
      type: 'final',
      description: 'The member left the flow.',
    },
  },
});
