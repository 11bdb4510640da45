import { assign, setup } from 'xstate';
import type {
  ChosenPhoto,
  TasteCardAnswers,
  TasteCardStep,
  TasteCardStepsContext,
  TasteCardStepsEvent,
  TasteCardStepsInput,
  TasteCardStepsOutcome,
  TasteCardStepsOutput,
} from './taste-card-steps.types.ts';
import { MAX_AROMAS, MAX_RECIPE_STEPS, MAX_TASTE_NOTES } from './taste-card-steps.types.ts';
import { addWord, isLevel, moveItem, photoProblem, problemsOf, toggle } from './taste-card-steps.rules.ts';

/**
 * The five steps of a taste card, a flow of their own: the taste card (machines/taste-card) invokes
 * them with the answers so far and forwards the member's answers to them; it follows every change
 * (onSnapshot) to keep the draft, and takes the answers back when the steps end.
 */
export const tasteCardStepsMachine = setup({
  types: {
    context: {} as TasteCardStepsContext,
    events: {} as TasteCardStepsEvent,
    input: {} as TasteCardStepsInput,
    output: {} as TasteCardStepsOutput,
  },
  actions: {
    /** Some answers change; the rest stay. */
    answer: assign(({ context }, change: Partial<TasteCardAnswers>) => ({ answers: { ...context.answers, ...change } })),
    choosePhoto: assign(({ context }, params: { photo: ChosenPhoto }) => {
      const problem = photoProblem(params.photo);
      if (problem) return { photoProblem: problem };
      return { answers: { ...context.answers, photo: params.photo }, photoProblem: undefined };
    }),
    removePhoto: assign(({ context }) => ({ answers: { ...context.answers, photo: undefined }, photoProblem: undefined })),
    enterStep: assign((_, params: { step: TasteCardStep }) => ({ step: params.step })),
    markChecked: assign(({ context }) => ({
      checked: context.checked.includes(context.step) ? context.checked : [...context.checked, context.step],
    })),
    finish: assign((_, params: { outcome: TasteCardStepsOutcome }) => ({ outcome: params.outcome })),
  },
  guards: {
    validLevel: (_, params: { level: number }) => isLevel(params.level),
    stepIs: ({ context }, params: { step: TasteCardStep }) => context.step === params.step,
    goesTo: (_, params: { asked: TasteCardStep; step: TasteCardStep }) => params.asked === params.step,
    stepAnswered: ({ context }) => problemsOf(context.step, context.answers).length === 0,
    allAnswered: ({ context }) => problemsOf('review', context.answers).length === 0,
  },
}).createMachine({
  id: 'tasteCardSteps',
  description:
    'The five steps of a taste card (five senses, notes and aromas, recipe, title and photo, review). Answers can change on any step; back and forth keeps them. Ends back at choosing the drink, or with the card sent to be saved.',
  context: ({ input }) => ({ answers: input.answers, step: input.step, checked: input.checked, photoProblem: input.photoProblem }),
  initial: 'answering',
  output: ({ context }) => ({
    outcome: context.outcome ?? 'back',
    answers: context.answers,
    step: context.step,
    checked: context.checked,
    photoProblem: context.photoProblem,
  }),
  states: {
    answering: {
      description: 'The member answers, step by step; answers can change on any step, and back and forth keeps them.',
      initial: 'resume',
      on: {
        SET_LEVEL: {
          guard: { type: 'validLevel', params: ({ event }) => ({ level: event.level }) },
          actions: { type: 'answer', params: ({ context, event }) => ({ fiveSenses: { ...context.answers.fiveSenses, [event.sense]: event.level } }) },
          description: 'A level from 1 to 5; anything else is ignored.',
        },
        TOGGLE_NOTE: { actions: { type: 'answer', params: ({ context, event }) => ({ notes: toggle(context.answers.notes, event.note, MAX_TASTE_NOTES) }) } },
        ADD_CUSTOM_NOTE: {
          actions: { type: 'answer', params: ({ context, event }) => ({ customNotes: addWord(context.answers.customNotes, event.word) }) },
          description: 'A word the list lacks, kept on this card only (up to 5, no repeats).',
        },
        REMOVE_CUSTOM_NOTE: { actions: { type: 'answer', params: ({ context, event }) => ({ customNotes: context.answers.customNotes.filter((w) => w !== event.word) }) } },
        TOGGLE_AROMA: { actions: { type: 'answer', params: ({ context, event }) => ({ aromas: toggle(context.answers.aromas, event.aroma, MAX_AROMAS) }) } },
        ADD_CUSTOM_AROMA: { actions: { type: 'answer', params: ({ context, event }) => ({ customAromas: addWord(context.answers.customAromas, event.word) }) } },
        REMOVE_CUSTOM_AROMA: {
          actions: { type: 'answer', params: ({ context, event }) => ({ customAromas: context.answers.customAromas.filter((w) => w !== event.word) }) },
        },
        SET_RECIPE: { actions: { type: 'answer', params: ({ context, event }) => ({ recipe: { ...context.answers.recipe, ...event.recipe } }) } },
        ADD_STEP: {
          actions: { type: 'answer', params: ({ context: { answers: a } }) => ({ steps: a.steps.length >= MAX_RECIPE_STEPS ? a.steps : [...a.steps, ''] }) },
          description: 'An empty step to fill in (up to 12).',
        },
        SET_STEP: { actions: { type: 'answer', params: ({ context, event }) => ({ steps: context.answers.steps.map((s, i) => (i === event.index ? event.text : s)) }) } },
        REMOVE_STEP: { actions: { type: 'answer', params: ({ context, event }) => ({ steps: context.answers.steps.filter((_, i) => i !== event.index) }) } },
        MOVE_STEP: { actions: { type: 'answer', params: ({ context, event }) => ({ steps: moveItem(context.answers.steps, event.from, event.to) }) } },
        SET_DETAILS: {
          actions: {
            type: 'answer',
            params: ({ context: { answers: a }, event }) => ({ title: event.title ?? a.title, description: event.description ?? a.description }),
          },
        },
        CHOOSE_PHOTO: {
          actions: { type: 'choosePhoto', params: ({ event }) => ({ photo: event.photo }) },
          description: 'A JPEG, PNG or WebP of at most 2 MB is taken (and previewed); another file is refused in words.',
        },
        REMOVE_PHOTO: { actions: 'removePhoto', description: "The card then shows the drink's own picture." },
      },
      states: {
        resume: {
          description: 'Entering the steps: at the step the draft was on, or the first.',
          always: [
            { guard: { type: 'stepIs', params: { step: 'notes' } }, target: 'notes' },
            { guard: { type: 'stepIs', params: { step: 'recipe' } }, target: 'recipe' },
            { guard: { type: 'stepIs', params: { step: 'details' } }, target: 'details' },
            { guard: { type: 'stepIs', params: { step: 'review' } }, target: 'review' },
            { target: 'fiveSenses' },
          ],
        },
        fiveSenses: {
          description: 'Step 1: sweetness, sourness, bitterness, saltiness and umami, each 1 to 5.',
          entry: { type: 'enterStep', params: { step: 'fiveSenses' } },
          on: {
            NEXT: [
              { guard: 'stepAnswered', target: 'notes' },
              { actions: 'markChecked', description: 'A level out of range: stay and show it.' },
            ],
            BACK: {
              target: '#tasteCardSteps.back',
              actions: { type: 'finish', params: { outcome: 'back' } },
              description: 'Back to choosing the drink; answers kept.',
            },
          },
        },
        notes: {
          description: 'Step 2: taste notes (at least 3, from the wheel, plus words of their own) and aromas.',
          entry: { type: 'enterStep', params: { step: 'notes' } },
          on: {
            NEXT: [
              { guard: 'stepAnswered', target: 'recipe' },
              { actions: 'markChecked', description: 'Fewer than 3 notes: stay and say "Select at least 3 items".' },
            ],
            BACK: 'fiveSenses',
          },
        },
        recipe: {
          description: 'Step 3: the recipe (water, amount, flow, temperature, brewing time with unit, steps) and how the cup was; all optional.',
          entry: { type: 'enterStep', params: { step: 'recipe' } },
          on: {
            NEXT: [
              { guard: 'stepAnswered', target: 'details' },
              { actions: 'markChecked', description: 'A number out of range or an empty step: stay and show which.' },
            ],
            BACK: 'notes',
          },
        },
        details: {
          description: "Step 4: title, description and a photo (or the drink's own picture).",
          entry: { type: 'enterStep', params: { step: 'details' } },
          on: {
            NEXT: [
              { guard: 'stepAnswered', target: 'review' },
              { actions: 'markChecked', description: 'No title, or too long: stay and say so.' },
            ],
            BACK: 'recipe',
          },
        },
        review: {
          description: 'Step 5: the whole card as it will read; any step can be opened to change it; Save sends it.',
          entry: { type: 'enterStep', params: { step: 'review' } },
          on: {
            BACK: 'details',
            GO_TO: [
              { guard: { type: 'goesTo', params: ({ event }) => ({ asked: event.step, step: 'fiveSenses' as const }) }, target: 'fiveSenses' },
              { guard: { type: 'goesTo', params: ({ event }) => ({ asked: event.step, step: 'notes' as const }) }, target: 'notes' },
              { guard: { type: 'goesTo', params: ({ event }) => ({ asked: event.step, step: 'recipe' as const }) }, target: 'recipe' },
              { target: 'details' },
            ],
            SUBMIT: [
              {
                guard: 'allAnswered',
                target: '#tasteCardSteps.submitted',
                actions: { type: 'finish', params: { outcome: 'submitted' } },
                description: 'Everything answered: the card goes to be saved.',
              },
              { actions: 'markChecked', description: 'A draft restored from an older visit may miss something: stay and show it.' },
            ],
          },
        },
      },
    },
    back: {
      type: 'final',
      description: 'Back from the first step: the member chooses the drink again, answers kept.',
    },
    submitted: {
      type: 'final',
      description: 'The card, fully answered, is handed back to be saved.',
    },
  },
});
