import * as v from 'valibot';
import { Bilingual, Currency, Id, defineCall } from './define.ts';
import { Keyword, ProductCard } from './catalogue.ts';
import { Aroma, DrinkKind, TasteNote } from './taste-vocabulary.ts';

/**
 * Taste cards and recipes (issue 16; spec §3 Taste card / recipe, §5, §7 Taste cards): a member's tasting
 * notes and brew recipe for a product. Created Published; archiving sets Private (gone from every public
 * read and search), unarchiving sets Published (spec §4). The old calls (create-taste-card, list-taste-card,
 * get-…-taste-card) answer the same cards as the new- ones; the new create adds Step, Language and the
 * product's default image.
 */

/** Spec §9: taste levels 1-5. */
export const TASTE_LEVEL_MIN = 1;
export const TASTE_LEVEL_MAX = 5;
/** Spec §5 "select at least {count} items": the taste notes a card needs. */
export const MIN_TASTE_NOTES = 3;
export const MAX_TASTE_NOTES = 12;
export const MAX_AROMAS = 12;
export const MAX_CUSTOM_WORDS = 5;
export const MAX_RECIPE_STEPS = 12;

const Level = v.pipe(
  v.number('a level from 1 to 5'),
  v.integer('a whole level from 1 to 5'),
  v.minValue(TASTE_LEVEL_MIN, 'a level from 1 to 5'),
  v.maxValue(TASTE_LEVEL_MAX, 'a level from 1 to 5'),
);

/** Spec §9 five senses, each 1-5. */
export const FiveSenses = v.object({ Sweetness: Level, Sourness: Level, Bitterness: Level, Saltiness: Level, Umami: Level });
export type FiveSenses = v.InferOutput<typeof FiveSenses>;
export const FIVE_SENSES = ['Sweetness', 'Sourness', 'Bitterness', 'Saltiness', 'Umami'] as const;

/** Spec §9 recipe time units. */
export const TimeUnit = v.picklist(['sec', 'min', 'hr']);
export type TimeUnit = v.InferOutput<typeof TimeUnit>;

const ShortText = (max: number) => v.pipe(v.string(), v.trim(), v.maxLength(max, `at most ${max} characters`));
const Amount = (max: number) => v.pipe(v.number(), v.minValue(0), v.maxValue(max));

/**
 * The recipe (spec §3): water (ml), amount (g), water flow, temperature (°C), brewing time with its unit,
 * and how the cup turned out: body, after taste, flavour, feeling. Every part optional: an incense card
 * has no water.
 */
export const Parameter = v.object({
  Water: v.optional(Amount(5000)),
  Amount: v.optional(Amount(1000)),
  WaterFlow: v.optional(v.picklist(['gentle', 'steady', 'fast'])),
  Temperature: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(100))),
  BrewingTime: v.optional(v.object({ Value: v.pipe(v.number(), v.minValue(0), v.maxValue(10_000)), Unit: TimeUnit })),
  Body: v.optional(v.picklist(['light', 'medium', 'full'])),
  AfterTaste: v.optional(v.picklist(['short', 'medium', 'long'])),
  Flavour: v.optional(ShortText(200)),
  Feeling: v.optional(ShortText(200)),
});
export type Parameter = v.InferOutput<typeof Parameter>;

export const RecipeStep = v.object({ Text: v.pipe(v.string(), v.trim(), v.minLength(1, 'a step needs words'), v.maxLength(300, 'at most 300 characters')) });

export const TasteCardStatus = v.picklist(['Published', 'Private']);
export type TasteCardStatus = v.InferOutput<typeof TasteCardStatus>;

/** Which picture the card shows: the product's default image, or the member's photo (Photo). */
export const ProductImageType = v.picklist(['default', 'photo']);

/** What a member writes (create; update takes any part of it). */
const cardFields = {
  ProductID: Id,
  Title: v.pipe(v.string(), v.trim(), v.minLength(1, 'a title'), v.maxLength(80, 'at most 80 characters')),
  Description: v.optional(ShortText(2000), ''),
  FiveSenses,
  Parameter: v.optional(Parameter, {}),
  /** Taste-note IDs only (spec §5), at least MIN_TASTE_NOTES. */
  TasteNote: v.pipe(
    v.array(Id),
    v.minLength(MIN_TASTE_NOTES, `select at least ${MIN_TASTE_NOTES} items`),
    v.maxLength(MAX_TASTE_NOTES, `at most ${MAX_TASTE_NOTES} items`),
  ),
  CustomTasteNote: v.optional(v.pipe(v.array(ShortText(30)), v.maxLength(MAX_CUSTOM_WORDS)), []),
  Aroma: v.optional(v.pipe(v.array(Id), v.maxLength(MAX_AROMAS)), []),
  CustomAroma: v.optional(v.pipe(v.array(ShortText(30)), v.maxLength(MAX_CUSTOM_WORDS)), []),
  /** A MediaID from upload-temporary-media (the photo PUT there as base64 without its data-URL prefix). */
  Photo: v.optional(Id),
};

const newCardFields = {
  ...cardFields,
  Step: v.optional(v.pipe(v.array(RecipeStep), v.maxLength(MAX_RECIPE_STEPS)), []),
  Language: v.optional(v.picklist(['en', 'zh']), 'en'),
  ProductImageType: v.optional(ProductImageType, 'default'),
};

export const TasteCardAuthor = v.object({ UserID: v.string(), Name: v.string(), Avatar: v.optional(v.string()) });

export const TasteCard = v.object({
  CardID: v.string(),
  Status: TasteCardStatus,
  Author: TasteCardAuthor,
  ProductID: v.string(),
  Product: v.object({ Name: Bilingual, Image: v.string(), ProductTypeID: v.string(), Drink: v.optional(DrinkKind) }),
  Title: v.string(),
  Description: v.string(),
  FiveSenses,
  Parameter,
  /** The notes and aromas, resolved from their IDs. */
  TasteNote: v.array(TasteNote),
  CustomTasteNote: v.array(v.string()),
  Aroma: v.array(Aroma),
  CustomAroma: v.array(v.string()),
  Step: v.array(v.object({ Text: v.string() })),
  Language: v.picklist(['en', 'zh']),
  ProductImageType,
  /** The picture shown: the photo, or the product's default image. */
  Image: v.string(),
  CreatedAt: v.string(),
  UpdatedAt: v.string(),
});
export type TasteCard = v.InferOutput<typeof TasteCard>;

const CardRef = v.object({ CardID: Id });
const Page = {
  From: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(100_000)), 0),
  Size: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(50)), 20),
};
const CardPage = v.object({ CardList: v.array(TasteCard), Total: v.number() });

/** Spec §7: a card as the first version made them (no Step, Language or default image). Created Published. */
export const createTasteCard = defineCall({
  name: 'create-taste-card',
  method: 'POST',
  auth: 'member',
  body: v.object(cardFields),
  response: v.object({ Card: TasteCard }),
});

/** Spec §7: a card with its steps, language and the product's default image when no photo. Created Published. */
export const newCreateTasteCard = defineCall({
  name: 'new-create-taste-card',
  method: 'POST',
  auth: 'member',
  body: v.object(newCardFields),
  response: v.object({ Card: TasteCard }),
});

/** Spec §7: the newest published cards of everyone (public). */
export const listTasteCard = defineCall({
  name: 'list-taste-card',
  method: 'POST',
  auth: 'public',
  body: v.optional(v.object(Page), {}),
  response: CardPage,
});

export const newListTasteCard = defineCall({
  name: 'new-list-taste-card',
  method: 'POST',
  auth: 'public',
  body: v.optional(v.object({ ...Page, ProductID: v.optional(Id) }), {}),
  response: CardPage,
});

/** Spec §7: the member's own cards, any status, newest first; ProductType narrows them. */
export const listUserTasteCard = defineCall({
  name: 'list-user-taste-card',
  method: 'POST',
  auth: 'member',
  body: v.object({ ProductType: v.optional(Id), Status: v.optional(TasteCardStatus), ...Page }),
  response: CardPage,
});

/** Spec §7: a published card, for anyone (a private one reads as not found). */
export const getPublicTasteCard = defineCall({ name: 'get-public-taste-card', method: 'POST', auth: 'public', body: CardRef, response: v.object({ Card: TasteCard }) });
export const newGetPublicTasteCard = defineCall({ name: 'new-get-public-taste-card', method: 'POST', auth: 'public', body: CardRef, response: v.object({ Card: TasteCard }) });
/** Spec §7: the member's own card, any status (another member's reads as not found). */
export const getUserTasteCard = defineCall({ name: 'get-user-taste-card', method: 'POST', auth: 'member', body: CardRef, response: v.object({ Card: TasteCard }) });
export const newGetUserTasteCard = defineCall({ name: 'new-get-user-taste-card', method: 'POST', auth: 'member', body: CardRef, response: v.object({ Card: TasteCard }) });

/** Spec §7: the owner changes their card: any of its parts, or Status alone (archive: Private; unarchive: Published). */
export const newUpdateTasteCard = defineCall({
  name: 'new-update-taste-card',
  method: 'POST',
  auth: 'member',
  body: v.object({
    CardID: Id,
    Status: v.optional(TasteCardStatus),
    // Each part optional and without a default: what is absent stays as it is.
    Title: v.optional(cardFields.Title),
    Description: v.optional(ShortText(2000)),
    FiveSenses: v.optional(FiveSenses),
    Parameter: v.optional(Parameter),
    TasteNote: v.optional(cardFields.TasteNote),
    CustomTasteNote: v.optional(v.pipe(v.array(ShortText(30)), v.maxLength(MAX_CUSTOM_WORDS))),
    Aroma: v.optional(v.pipe(v.array(Id), v.maxLength(MAX_AROMAS))),
    CustomAroma: v.optional(v.pipe(v.array(ShortText(30)), v.maxLength(MAX_CUSTOM_WORDS))),
    Photo: v.optional(Id),
    Step: v.optional(v.pipe(v.array(RecipeStep), v.maxLength(MAX_RECIPE_STEPS))),
    Language: v.optional(v.picklist(['en', 'zh'])),
    ProductImageType: v.optional(ProductImageType),
  }),
  response: v.object({ Card: TasteCard }),
});

/** Spec §7: published cards matching a keyword (title, description, product, notes; either language) within the filters. */
export const SearchAndFilterTasteCard = defineCall({
  name: 'SearchAndFilterTasteCard',
  method: 'POST',
  auth: 'public',
  body: v.object({
    Keyword: v.optional(Keyword),
    Filter: v.optional(
      v.object({
        ProductType: v.optional(v.pipe(v.array(Id), v.maxLength(20))),
        ProductID: v.optional(Id),
        TasteNote: v.optional(v.pipe(v.array(Id), v.maxLength(20))),
        Aroma: v.optional(v.pipe(v.array(Id), v.maxLength(20))),
      }),
    ),
    Sort: v.optional(v.picklist(['newest', 'relevance']), 'newest'),
    ...Page,
  }),
  response: CardPage,
});

/** A product's taste profile: the average of its published cards (ours: drawn as a radar on its page). */
export const TasteProfile = v.object({
  CardCount: v.number(),
  /** Averages, 1-5 with one decimal. */
  FiveSenses: v.object({ Sweetness: v.number(), Sourness: v.number(), Bitterness: v.number(), Saltiness: v.number(), Umami: v.number() }),
  TopTasteNotes: v.array(v.object({ TasteNote, Count: v.number() })),
  TopAromas: v.array(v.object({ Aroma, Count: v.number() })),
});
export type TasteProfile = v.InferOutput<typeof TasteProfile>;

/** Ours: a product's taste profile from its published cards (none yet: CardCount 0). */
export const getProductTasteProfile = defineCall({
  name: 'getProductTasteProfile',
  method: 'POST',
  auth: 'public',
  body: v.object({ ProductID: Id }),
  response: v.object({ Profile: TasteProfile }),
});

/**
 * Spec §7: products whose taste profile (five senses, notes, aromas of their published cards) is closest
 * to this product's, closest first; Similarity 0-100. Not by category alone: a product of another type
 * that tastes alike is found.
 */
export const SearchSimilarProductTasteCard = defineCall({
  name: 'SearchSimilarProductTasteCard',
  method: 'POST',
  auth: 'public',
  body: v.object({ ProductID: Id, Currency: v.optional(Currency, 'HKD'), Size: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(20)), 8) }),
  response: v.object({ ProductList: v.array(v.object({ Product: ProductCard, Similarity: v.number(), CardCount: v.number() })) }),
});

/** One reason of a match, in both languages ("you rate floral teas highly; this one is mostly floral"). */
export const MatchReason = v.object({
  Code: v.string(),
  Text: Bilingual,
  /** How much it moved the score, signed points. */
  Weight: v.number(),
});

/**
 * Spec §7: how well a product suits the member: a score 0-100 between the member's taste profile (their
 * cards, their entry and personal taste surveys) and the product's (ProductID: its published cards;
 * TasteCardID: that card's product; TasteCardObj: a card being written), with the two or three reasons
 * that made it. Symmetric in the two profiles.
 */
export const CalculateUserProductMatch = defineCall({
  name: 'CalculateUserProductMatch',
  method: 'POST',
  auth: 'member',
  body: v.pipe(
    v.object({
      ProductID: v.optional(Id),
      TasteCardID: v.optional(Id),
      TasteCardObj: v.optional(v.object({ FiveSenses, TasteNote: v.optional(v.pipe(v.array(Id), v.maxLength(MAX_TASTE_NOTES)), []), Aroma: v.optional(v.pipe(v.array(Id), v.maxLength(MAX_AROMAS)), []) })),
    }),
    v.forward(
      v.partialCheck(
        [['ProductID'], ['TasteCardID'], ['TasteCardObj']],
        (b) => b.ProductID !== undefined || b.TasteCardID !== undefined || b.TasteCardObj !== undefined,
        'ProductID, TasteCardID or TasteCardObj is required',
      ),
      ['ProductID'],
    ),
  ),
  response: v.object({
    /** Absent when the member has no profile yet (no cards, no taste survey): Reasons then says so. */
    Score: v.optional(v.number()),
    Reasons: v.array(MatchReason),
  }),
});

/** Where a drink of the member's came from (spec: bought, added by NFC, carded). */
export const UserProductSource = v.picklist(['bought', 'nfc', 'carded']);

/** Spec §7: the member's drinks: bought, added by NFC, or carded; newest first. */
export const listUserProduct = defineCall({
  name: 'list-user-product',
  method: 'POST',
  auth: 'member',
  body: v.object({ Currency }),
  response: v.object({ ProductList: v.array(v.object({ Product: ProductCard, Sources: v.array(UserProductSource), LastAt: v.string() })) }),
});

/** Ours: today's sip (a card written today, Hong Kong date) and how many days in a row the member has carded. */
export const getDailySip = defineCall({
  name: 'getDailySip',
  method: 'POST',
  auth: 'member',
  body: v.optional(v.object({}), {}),
  response: v.object({ Today: v.optional(TasteCard), Streak: v.number() }),
});

/** A personal survey's question: choose among options (IDs of notes, aromas, drinks or levels). */
export const PersonalQuestion = v.object({
  QuestionID: v.string(),
  Title: Bilingual,
  Type: v.picklist(['Radio', 'Checkbox', 'FiveSenses', 'TasteNote', 'Aroma']),
  Options: v.array(v.object({ OptionID: v.string(), Name: Bilingual })),
  MinChoices: v.optional(v.number()),
  MaxChoices: v.optional(v.number()),
});
export const PersonalAnswer = v.object({
  QuestionID: Id,
  /** Option IDs (Radio: one). */
  Choices: v.optional(v.pipe(v.array(Id), v.maxLength(50)), []),
  FiveSenses: v.optional(FiveSenses),
});

/** Spec §7: the personal taste survey and the member's answers (empty until submitted). */
export const getPersonalTasteFilter = defineCall({
  name: 'get-personal-taste-filter',
  method: 'POST',
  auth: 'member',
  body: v.optional(v.object({}), {}),
  response: v.object({ Questions: v.array(PersonalQuestion), TasteSurvey: v.array(PersonalAnswer), SubmitTime: v.optional(v.string()) }),
});

export const submitPersonalTasteSurvey = defineCall({
  name: 'submit-personal-taste-survey',
  method: 'POST',
  auth: 'member',
  body: v.object({ TasteSurvey: v.pipe(v.array(PersonalAnswer), v.maxLength(30)) }),
  response: v.object({ SubmitTime: v.string() }),
});

/** Spec §7: the personal drinks survey (which drinks the member favours) and their answers. */
export const getPersonalDrinksFilter = defineCall({
  name: 'get-personal-drinks-filter',
  method: 'POST',
  auth: 'member',
  body: v.optional(v.object({}), {}),
  response: v.object({ Questions: v.array(PersonalQuestion), DefaultDrinks: v.array(DrinkKind), DrinksSurvey: v.array(PersonalAnswer), SubmitTime: v.optional(v.string()) }),
});

export const submitPersonalDrinksSurvey = defineCall({
  name: 'submit-personal-drinks-survey',
  method: 'POST',
  auth: 'member',
  body: v.object({ DefaultDrinks: v.pipe(v.array(DrinkKind), v.maxLength(4)), DrinksSurvey: v.pipe(v.array(PersonalAnswer), v.maxLength(30)) }),
  response: v.object({ SubmitTime: v.string() }),
});
