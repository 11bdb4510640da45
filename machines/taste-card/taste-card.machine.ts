import { assign, enqueueActions, fromCallback, fromPromise, setup } from 'xstate';
import type {
  CallResult,
  ChosenWord,
  DraftStoreMessage,
  GetProductInput,
  GetProductOutput,
  LoadTasteCardDraftOutput,
  NewCreateTasteCardInput,
  NewCreateTasteCardOutput,
  RecipeDraft,
  Sense,
  TasteCardAnswers,
  TasteCardContext,
  TasteCardEvent,
  TasteCardInput,
  TasteCardOutput,
  TasteCardStep,
  TasteCardTag,
  UploadTemporaryMediaInput,
  UploadTemporaryMediaOutput,
} from './taste-card.types.ts';
import { MAX_AROMAS, MAX_CUSTOM_WORDS, MAX_RECIPE_STEPS, MAX_TASTE_NOTES, NETWORK_ERROR } from './taste-card.types.ts';
import {
  blankAnswers,
  cleanWord,
  createBody,
  draftFits,
  draftOf,
  hasAnswers,
  isLevel,
  moveItem,
  photoProblem,
  problemsOf,
  usableDraft,
  withoutDataUrlPrefix,
} from './taste-card.rules.ts';

type LeaveFrom = NonNullable<TasteCardContext['leaveFrom']>;

const toggle = (list: ChosenWord[], word: ChosenWord, max: number): ChosenWord[] =>
  list.some((w) => w.id === word.id) ? list.filter((w) => w.id !== word.id) : list.length >= max ? list : [...list, word];

const addWord = (list: string[], word: string): string[] => {
  const w = cleanWord(word);
  if (w === '' || list.length >= MAX_CUSTOM_WORDS || list.some((x) => x.toLowerCase() === w.toLowerCase())) return list;
  return [...list, w];
};

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
    answer: assign(({ context }, params: { change: (a: TasteCardAnswers) => Partial<TasteCardAnswers> }) => ({
      answers: { ...context.answers, ...params.change(context.answers) },
    })),
    choosePhoto: assign(({ context }, params: { photo: NonNullable<TasteCardAnswers['photo']> }) => {
      const problem = photoProblem(params.photo);
      if (problem) return { photoProblem: problem };
      return {
        answers: { ...context.answers, photo: params.photo },
        photoProblem: undefined,
        mediaID: undefined,
      };
    }),
    removePhoto: assign(({ context }) => ({
      answers: { ...context.answers, photo: undefined },
      photoProblem: undefined,
      mediaID: undefined,
    })),
    enterStep: assign((_, params: { step: TasteCardStep }) => ({
      step: params.step,
    })),
    markChecked: assign(({ context }) => ({
      checked: context.checked.includes(context.step) ? context.checked : [...context.checked, context.step],
    })),
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
    stepIs: ({ context }, params: { step: TasteCardStep }) => context.step === params.step,
    validLevel: (_, params: { level: number }) => isLevel(params.level),
    goesTo: (_, params: { asked: TasteCardStep; step: TasteCardStep }) => params.asked === params.step,
    stepAnswered: ({ context }) => problemsOf(context.step, context.answers).length === 0,
    allAnswered: ({ context }) => problemsOf('review', context.answers).length === 0,
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
          description: 'The five steps. Answers can change on any step; back and forth keeps them; every change goes to the draft.',
          initial: 'resume',
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
            SET_LEVEL: {
              guard: {
                type: 'validLevel',
                params: ({ event }) => ({ level: event.level }),
              },
              actions: [
                {
                  type: 'answer',
                  params: ({ event }) => ({
                    change: (a: TasteCardAnswers) => ({
                      fiveSenses: {
                        ...a.fiveSenses,
                        [event.sense as Sense]: event.level,
                      },
                    }),
                  }),
                },
                'persistDraft',
              ],
              description: 'A level from 1 to 5; anything else is ignored.',
            },
            TOGGLE_NOTE: {
              actions: [
                {
                  type: 'answer',
                  params: ({ event }) => ({
                    change: (a: TasteCardAnswers) => ({
                      notes: toggle(a.notes, event.note, MAX_TASTE_NOTES),
                    }),
                  }),
                },
                'persistDraft',
              ],
              description: 'Chosen if not yet (up to 12), removed if it was.',
            },
            ADD_CUSTOM_NOTE: {
              actions: [
                {
                  type: 'answer',
                  params: ({ event }) => ({
                    change: (a: TasteCardAnswers) => ({
                      customNotes: addWord(a.customNotes, event.word),
                    }),
                  }),
                },
                'persistDraft',
              ],
              description: 'A word the list lacks, kept on this card only (up to 5, no repeats).',
            },
            REMOVE_CUSTOM_NOTE: {
              actions: [
                {
                  type: 'answer',
                  params: ({ event }) => ({
                    change: (a: TasteCardAnswers) => ({
                      customNotes: a.customNotes.filter((w) => w !== event.word),
                    }),
                  }),
                },
                'persistDraft',
              ],
            },
            TOGGLE_AROMA: {
              actions: [
                {
                  type: 'answer',
                  params: ({ event }) => ({
                    change: (a: TasteCardAnswers) => ({
                      aromas: toggle(a.aromas, event.aroma, MAX_AROMAS),
                    }),
                  }),
                },
                'persistDraft',
              ],
            },
            ADD_CUSTOM_AROMA: {
              actions: [
                {
                  type: 'answer',
                  params: ({ event }) => ({
                    change: (a: TasteCardAnswers) => ({
                      customAromas: addWord(a.customAromas, event.word),
                    }),
                  }),
                },
                'persistDraft',
              ],
            },
            REMOVE_CUSTOM_AROMA: {
              actions: [
                {
                  type: 'answer',
                  params: ({ event }) => ({
                    change: (a: TasteCardAnswers) => ({
                      customAromas: a.customAromas.filter((w) => w !== event.word),
                    }),
                  }),
                },
                'persistDraft',
              ],
            },
            SET_RECIPE: {
              actions: [
                {
                  type: 'answer',
                  params: ({ event }) => ({
                    change: (a: TasteCardAnswers) => ({
                      recipe: { ...a.recipe, ...event.recipe } as RecipeDraft,
                    }),
                  }),
                },
                'persistDraft',
              ],
            },
            ADD_STEP: {
              actions: [
                {
                  type: 'answer',
                  params: () => ({
                    change: (a: TasteCardAnswers) => ({
                      steps: a.steps.length >= MAX_RECIPE_STEPS ? a.steps : [...a.steps, ''],
                    }),
                  }),
                },
                'persistDraft',
              ],
              description: 'An empty step to fill in (up to 12).',
            },
            SET_STEP: {
              actions: [
                {
                  type: 'answer',
                  params: ({ event }) => ({
                    change: (a: TasteCardAnswers) => ({
                      steps: a.steps.map((s, i) => (i === event.index ? event.text : s)),
                    }),
                  }),
                },
                'persistDraft',
              ],
            },
            REMOVE_STEP: {
              actions: [
                {
                  type: 'answer',
                  params: ({ event }) => ({
                    change: (a: TasteCardAnswers) => ({
                      steps: a.steps.filter((_, i) => i !== event.index),
                    }),
                  }),
                },
                'persistDraft',
              ],
            },
            MOVE_STEP: {
              actions: [
                {
                  type: 'answer',
                  params: ({ event }) => ({
                    change: (a: TasteCardAnswers) => ({
                      steps: moveItem(a.steps, event.from, event.to),
                    }),
                  }),
                },
                'persistDraft',
              ],
            },
            SET_DETAILS: {
              actions: [
                {
                  type: 'answer',
                  params: ({ event }) => ({
                    change: (a: TasteCardAnswers) => ({
                      title: event.title ?? a.title,
                      description: event.description ?? a.description,
                    }),
                  }),
                },
                'persistDraft',
              ],
            },
            CHOOSE_PHOTO: {
              actions: [
                {
                  type: 'choosePhoto',
                  params: ({ event }) => ({ photo: event.photo }),
                },
                'persistDraft',
              ],
              description: 'A JPEG, PNG or WebP of at most 2 MB is taken (and previewed); another file is refused in words.',
            },
            REMOVE_PHOTO: {
              actions: ['removePhoto', 'persistDraft'],
              description: "The card then shows the drink's own picture.",
            },
          },
          states: {
            resume: {
              description: 'Entering the steps: at the step the draft was on, or the first.',
              always: [
                {
                  guard: { type: 'stepIs', params: { step: 'notes' } },
                  target: 'notes',
                },
                {
                  guard: { type: 'stepIs', params: { step: 'recipe' } },
                  target: 'recipe',
                },
                {
                  guard: { type: 'stepIs', params: { step: 'details' } },
                  target: 'details',
                },
                {
                  guard: { type: 'stepIs', params: { step: 'review' } },
                  target: 'review',
                },
                { target: 'fiveSenses' },
              ],
            },
            fiveSenses: {
              description: 'Step 1: sweetness, sourness, bitterness, saltiness and umami, each 1 to 5.',
              entry: [{ type: 'enterStep', params: { step: 'fiveSenses' } }, 'persistDraft'],
              on: {
                NEXT: [
                  { guard: 'stepAnswered', target: 'notes' },
                  {
                    actions: 'markChecked',
                    description: 'A level out of range: stay and show it.',
                  },
                ],
                BACK: {
                  target: '#tasteCard.editing.selectingProduct',
                  description: 'Back to choosing the drink; answers kept.',
                },
              },
            },
            notes: {
              description: 'Step 2: taste notes (at least 3, from the wheel, plus words of their own) and aromas.',
              entry: [{ type: 'enterStep', params: { step: 'notes' } }, 'persistDraft'],
              on: {
                NEXT: [
                  { guard: 'stepAnswered', target: 'recipe' },
                  {
                    actions: 'markChecked',
                    description: 'Fewer than 3 notes: stay and say "Select at least 3 items".',
                  },
                ],
                BACK: 'fiveSenses',
              },
            },
            recipe: {
              description: 'Step 3: the recipe (water, amount, flow, temperature, brewing time with unit, steps) and how the cup was; all optional.',
              entry: [{ type: 'enterStep', params: { step: 'recipe' } }, 'persistDraft'],
              on: {
                NEXT: [
                  { guard: 'stepAnswered', target: 'details' },
                  {
                    actions: 'markChecked',
                    description: 'A number out of range or an empty step: stay and show which.',
                  },
                ],
                BACK: 'notes',
              },
            },
            details: {
              description: "Step 4: title, description and a photo (or the drink's own picture).",
              entry: [{ type: 'enterStep', params: { step: 'details' } }, 'persistDraft'],
              on: {
                NEXT: [
                  { guard: 'stepAnswered', target: 'review' },
                  {
                    actions: 'markChecked',
                    description: 'No title, or too long: stay and say so.',
                  },
                ],
                BACK: 'recipe',
              },
            },
            review: {
              description: 'Step 5: the whole card as it will read; any step can be opened to change it; Save sends it.',
              entry: [{ type: 'enterStep', params: { step: 'review' } }, 'persistDraft'],
              on: {
                BACK: 'details',
                GO_TO: [
                  {
                    guard: {
                      type: 'goesTo',
                      params: ({ event }) => ({
                        asked: event.step,
                        step: 'fiveSenses' as const,
                      }),
                    },
                    target: 'fiveSenses',
                  },
                  {
                    guard: {
                      type: 'goesTo',
                      params: ({ event }) => ({
                        asked: event.step,
                        step: 'notes' as const,
                      }),
                    },
                    target: 'notes',
                  },
                  {
                    guard: {
                      type: 'goesTo',
                      params: ({ event }) => ({
                        asked: event.step,
                        step: 'recipe' as const,
                      }),
                    },
                    target: 'recipe',
                  },
                  { target: 'details' },
                ],
                SUBMIT: [
                  { guard: 'allAnswered', target: '#tasteCard.saving' },
                  {
                    actions: 'markChecked',
                    description: 'A draft restored from an older visit may miss something: stay and show it.',
                  },
                ],
              },
            },
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
            input: ({ context }) => ({
              Base64: withoutDataUrlPrefix(context.answers.photo?.dataUrl ?? ''),
              ContentType: context.answers.photo?.type ?? '',
            }),
            onDone: [
              {
                guard: {
                  type: 'succeeded',
                  params: ({ event }) => ({ result: event.output }),
                },
                target: 'creating',
                actions: {
                  type: 'storeMedia',
                  params: ({ event }) => ({ result: event.output }),
                },
              },
              {
                target: '#tasteCard.failed',
                actions: {
                  type: 'rememberFailure',
                  params: ({ event }) => ({ result: event.output }),
                },
                description: 'The photo was refused (too large, not a picture, too many uploads).',
              },
            ],
            onError: {
              target: '#tasteCard.failed',
              actions: 'rememberNetworkError',
            },
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
                guard: {
                  type: 'succeeded',
                  params: ({ event }) => ({ result: event.output }),
                },
                target: '#tasteCard.forgettingDraft',
                actions: {
                  type: 'storeCard',
                  params: ({ event }) => ({ result: event.output }),
                },
              },
              {
                target: '#tasteCard.failed',
                actions: {
                  type: 'rememberFailure',
                  params: ({ event }) => ({ result: event.output }),
                },
                description: 'Refused (InvalidParameter naming a field, ObjectNotFound for a drink gone): say why.',
              },
            ],
            onError: {
              target: '#tasteCard.failed',
              actions: 'rememberNetworkError',
            },
          },
        },
      },
    },
    failed: {
      description: 'Not saved: the reason in words; the answers are all kept. Retry, or go back to change them.',
      on: {
        RETRY: { target: 'saving', actions: 'clearError' },
        BACK: { target: 'editing.writing.review', actions: 'clearError' },
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
