/**
 * Event surveys seed (issue 17): a survey for every seeded event (server/db/seed/event-data.ts), two for the
 * gongfu oolong tasting (one per tea poured), each naming a seeded product of the event's drink for "Save as a
 * taste card". Every survey asks all six spec question types, in three groups: on the nose (Aroma,
 * FiveSenses), in the cup (TasteNote, a Radio about the drink) and the evening (a Radio, a Checkbox, a
 * Text). Aroma and TasteNote questions choose from the event's vocabulary (getEventTasteNote), so they carry
 * no options here.
 *
 * Relied on by tests: SEED_SURVEY_IDS; every survey's question IDs are `<survey>-<kind>` with kind one of
 * aroma, senses, notes, drink, overall, next, words (QUESTION_KINDS); option IDs are unique within a survey.
 */
import type { Db } from '../client.ts';
import { eventSurveyGroups, eventSurveyQuestions, eventSurveys, type EventSurveyOptionRow } from '../schema.ts';
import { SEED_EVENT_IDS } from './event-data.ts';

type Text2 = readonly [en: string, zh: string];

interface DrinkQuestion {
  title: Text2;
  hint: Text2;
  options: readonly (readonly [slug: string, en: string, zh: string])[];
}

interface SeedSurvey {
  id: string;
  eventId: string;
  productId: string;
  title: Text2;
  description: Text2;
  /** What the aroma question asks to notice. */
  aromaHint: Text2;
  drink: DrinkQuestion;
  /** What members may want to explore at a next tasting (Checkbox). */
  next: DrinkQuestion['options'];
}

export const SEED_SURVEY_IDS = {
  tieguanyin: 'esv-gongfu-tieguanyin',
  dancong: 'esv-gongfu-dancong',
  puer: 'esv-puer-vertical',
  matcha: 'esv-matcha-whisking',
  cupping: 'esv-coffee-cupping',
  pourOver: 'esv-pour-over-home',
  agarwood: 'esv-agarwood',
  incenseMaking: 'esv-incense-making',
  islay: 'esv-islay-whisky',
  sake: 'esv-sake-pairing',
  baijiu: 'esv-baijiu-night',
} as const;

export const QUESTION_KINDS = ['aroma', 'senses', 'notes', 'drink', 'overall', 'next', 'words'] as const;

/** How much a member enjoyed the evening: the same five steps in every survey. */
const OVERALL: DrinkQuestion['options'] = [
  ['loved', 'Loved it', '非常喜歡'],
  ['liked', 'Liked it', '喜歡'],
  ['fine', 'It was fine', '還可以'],
  ['unsure', 'Not sure yet', '未有定論'],
  ['not-for-me', 'Not for me', '不太合我口味'],
];

const surveys: readonly SeedSurvey[] = [
  {
    id: SEED_SURVEY_IDS.tieguanyin,
    eventId: SEED_EVENT_IDS.gongfuOolong,
    productId: 'tea-tieguanyin',
    title: ['Tieguanyin: your tasting notes', '鐵觀音：你的品飲筆記'],
    description: ['The first tea of the evening, a lightly oxidised Anxi Tieguanyin over several infusions.', '今晚的第一款茶：安溪輕發酵鐵觀音，連沖數泡。'],
    aromaHint: ['Smell the lid of the gaiwan right after the first pour.', '第一泡出湯後，先聞蓋碗的杯蓋。'],
    drink: {
      title: ['Which infusion did you enjoy most?', '你最喜歡哪一泡？'],
      hint: ['Oolongs change from pour to pour.', '烏龍茶每一泡都有變化。'],
      options: [
        ['first', 'The first', '第一泡'],
        ['second', 'The second', '第二泡'],
        ['third', 'The third', '第三泡'],
        ['later', 'A later one', '之後的幾泡'],
      ],
    },
    next: [
      ['roasted', 'Roasted oolongs', '焙火烏龍'],
      ['aged', 'Aged oolongs', '陳年烏龍'],
      ['taiwan', 'Taiwanese high-mountain teas', '台灣高山茶'],
      ['brewing', 'Gongfu brewing technique', '功夫茶沖泡技巧'],
    ],
  },
  {
    id: SEED_SURVEY_IDS.dancong,
    eventId: SEED_EVENT_IDS.gongfuOolong,
    productId: 'tea-dancong-milan',
    title: ['Milan Dancong: your tasting notes', '蜜蘭香單叢：你的品飲筆記'],
    description: ['The second tea, a Phoenix Dancong with its honey-orchid fragrance.', '第二款茶：鳳凰單叢蜜蘭香，帶蜜韻蘭香。'],
    aromaHint: ['Notice how the fragrance lingers in the empty cup.', '留意空杯中殘留的香氣。'],
    drink: {
      title: ['How did the Dancong compare with the Tieguanyin?', '單叢與鐵觀音相比如何？'],
      hint: ['Just your first feeling.', '憑第一感覺回答即可。'],
      options: [
        ['prefer-dancong', 'I prefer the Dancong', '我較喜歡單叢'],
        ['prefer-tgy', 'I prefer the Tieguanyin', '我較喜歡鐵觀音'],
        ['both', 'I like both equally', '兩款一樣喜歡'],
      ],
    },
    next: [
      ['fragrances', 'Other Dancong fragrances', '其他單叢香型'],
      ['roasted', 'Roasted oolongs', '焙火烏龍'],
      ['pairing', 'Tea and food pairing', '茶與食物配搭'],
    ],
  },
  {
    id: SEED_SURVEY_IDS.puer,
    eventId: SEED_EVENT_IDS.puerVertical,
    productId: 'tea-yiwu-raw-puer',
    title: ["Pu'er vertical: your tasting notes", '普洱縱向品鑑：你的品飲筆記'],
    description: ['Raw pu’er from 2006 to 2019, youngest first.', '由2019年至2006年的生普，由新至陳品飲。'],
    aromaHint: ['Compare the youngest and the oldest cake side by side.', '把最新與最陳的兩餅並排比較。'],
    drink: {
      title: ['Which vintage was your favourite?', '你最喜歡哪一個年份？'],
      hint: ['The cakes were poured from youngest to oldest.', '茶餅由新至陳順序沖泡。'],
      options: [
        ['y2019', '2019', '2019年'],
        ['y2014', '2014', '2014年'],
        ['y2010', '2010', '2010年'],
        ['y2006', '2006', '2006年'],
      ],
    },
    next: [
      ['ripe', "Ripe (shou) pu'er", '熟普'],
      ['storage', 'Storing tea at home', '在家存茶'],
      ['regions', 'Yunnan tea mountains', '雲南茶山'],
    ],
  },
  {
    id: SEED_SURVEY_IDS.matcha,
    eventId: SEED_EVENT_IDS.matchaWhisking,
    productId: 'tea-sencha',
    title: ['Matcha workshop: your notes', '抹茶工作坊：你的筆記'],
    description: ['Usucha you whisked yourself, then a sencha from the same garden.', '親手刷製的薄茶，以及同一茶園的煎茶。'],
    aromaHint: ['Smell the powder before water touches it.', '注水前先聞茶粉。'],
    drink: {
      title: ['How did your own bowl turn out?', '你親手刷的那碗茶如何？'],
      hint: ['A fine, even foam is the aim.', '目標是細緻均勻的泡沫。'],
      options: [
        ['fine-foam', 'Fine, even foam', '泡沫細緻均勻'],
        ['coarse-foam', 'Coarse foam', '泡沫粗糙'],
        ['clumps', 'Some clumps', '有少許結塊'],
      ],
    },
    next: [
      ['koicha', 'Koicha (thick tea)', '濃茶'],
      ['gyokuro', 'Gyokuro', '玉露'],
      ['sweets', 'Wagashi pairing', '和菓子配搭'],
    ],
  },
  {
    id: SEED_SURVEY_IDS.cupping,
    eventId: SEED_EVENT_IDS.coffeeCupping,
    productId: 'coffee-yirgacheffe',
    title: ['Cupping: your notes', '杯測：你的筆記'],
    description: ['Washed Yirgacheffe and Kenya AA cupped side by side.', '水洗耶加雪菲與肯雅AA並排杯測。'],
    aromaHint: ['Break the crust and smell right away.', '破渣後立即聞香。'],
    drink: {
      title: ['Which cup did you prefer?', '你較喜歡哪一杯？'],
      hint: ['After the coffee had cooled a little.', '咖啡稍涼後的感覺。'],
      options: [
        ['ethiopia', 'Ethiopia Yirgacheffe', '埃塞俄比亞耶加雪菲'],
        ['kenya', 'Kenya AA', '肯雅AA'],
        ['both', 'Both equally', '兩杯一樣喜歡'],
      ],
    },
    next: [
      ['naturals', 'Natural-process coffees', '日曬處理咖啡'],
      ['roasting', 'Roasting', '烘焙'],
      ['espresso', 'Espresso', '意式濃縮'],
      ['latin', 'Latin American origins', '拉丁美洲產區'],
    ],
  },
  {
    id: SEED_SURVEY_IDS.pourOver,
    eventId: SEED_EVENT_IDS.pourOver,
    productId: 'coffee-colombia-huila',
    title: ['Pour-over: your notes', '手沖咖啡：你的筆記'],
    description: ['A Colombian Huila brewed three ways: finer, coarser, and just right.', '哥倫比亞慧蘭以三種研磨度沖煮：較細、較粗及剛好。'],
    aromaHint: ['Smell the grounds during the bloom.', '悶蒸時聞咖啡粉的香氣。'],
    drink: {
      title: ['Which brew tasted most balanced to you?', '你覺得哪一杯最平衡？'],
      hint: ['Same beans, three grind sizes.', '同一款豆，三種研磨度。'],
      options: [
        ['fine', 'The finer grind', '較細研磨'],
        ['medium', 'The medium grind', '中度研磨'],
        ['coarse', 'The coarser grind', '較粗研磨'],
      ],
    },
    next: [
      ['grinders', 'Choosing a grinder', '挑選磨豆機'],
      ['water', 'Water for coffee', '沖咖啡用水'],
      ['iced', 'Iced pour-over', '冰手沖'],
    ],
  },
  {
    id: SEED_SURVEY_IDS.agarwood,
    eventId: SEED_EVENT_IDS.agarwood,
    productId: 'incense-agarwood-sticks',
    title: ['Agarwood: your notes', '沉香：你的筆記'],
    description: ['Agarwood chips heated over ash, then the same wood as sticks.', '以香灰隔火熏沉香片，再品同一香材的線香。'],
    aromaHint: ['Hold the censer close, breathe in three times.', '把香爐拿近，分三次吸氣聞香。'],
    drink: {
      title: ['Which way of enjoying it did you prefer?', '你較喜歡哪一種品香方式？'],
      hint: ['Heated chips or a burning stick.', '隔火熏香，或點燃線香。'],
      options: [
        ['heated', 'Heated over ash', '隔火熏香'],
        ['stick', 'As a stick', '線香'],
        ['both', 'Both equally', '兩種一樣喜歡'],
      ],
    },
    next: [
      ['kyara', 'Kyara and rare woods', '奇楠及珍稀香材'],
      ['sandalwood', 'Sandalwood', '檀香'],
      ['ceremony', 'The Japanese incense ceremony', '日本香道'],
    ],
  },
  {
    id: SEED_SURVEY_IDS.incenseMaking,
    eventId: SEED_EVENT_IDS.incenseMaking,
    productId: 'incense-sandalwood-cones',
    title: ['Incense making: your notes', '製香工作坊：你的筆記'],
    description: ['The sandalwood cones you shaped, lit once they had dried.', '你親手捏製的檀香塔香，乾透後點燃。'],
    aromaHint: ['Smell a cone before and after lighting it.', '點燃前後各聞一次。'],
    drink: {
      title: ['How did your cones burn?', '你的塔香燒得如何？'],
      hint: ['An even burn means a good mix.', '燒得均勻代表配方調得好。'],
      options: [
        ['even', 'Evenly to the end', '均勻燒到底'],
        ['out', 'They went out', '中途熄滅'],
        ['fast', 'Too fast', '燒得太快'],
      ],
    },
    next: [
      ['blends', 'Blending your own scent', '調配自己的香方'],
      ['sticks', 'Rolling sticks', '搓製線香'],
      ['agarwood', 'Agarwood', '沉香'],
    ],
  },
  {
    id: SEED_SURVEY_IDS.islay,
    eventId: SEED_EVENT_IDS.islayWhisky,
    productId: 'spirits-islay-single-malt',
    title: ['Islay malts: your notes', '艾雷島麥芽威士忌：你的筆記'],
    description: ['Four single malts from lightly to heavily peated.', '四款單一麥芽威士忌，由輕泥煤至重泥煤。'],
    aromaHint: ['Nose it neat, then with a drop of water.', '先純飲聞香，再加一滴水。'],
    drink: {
      title: ['How did water change it for you?', '加水後你覺得有何變化？'],
      hint: ['A few drops open some whiskies up.', '數滴水可令部分威士忌香氣更開揚。'],
      options: [
        ['better', 'Better with water', '加水更好'],
        ['worse', 'Better neat', '純飲更好'],
        ['same', 'No difference', '沒有分別'],
      ],
    },
    next: [
      ['speyside', 'Speyside malts', '斯佩塞麥芽威士忌'],
      ['japanese', 'Japanese whisky', '日本威士忌'],
      ['casks', 'Cask finishes', '換桶熟成'],
    ],
  },
  {
    id: SEED_SURVEY_IDS.sake,
    eventId: SEED_EVENT_IDS.sakePairing,
    productId: 'spirits-junmai-daiginjo',
    title: ['Sake pairing: your notes', '清酒配搭：你的筆記'],
    description: ['A junmai daiginjo poured chilled and warm with small plates.', '純米大吟釀冷飲及溫飲，配小食。'],
    aromaHint: ['Smell it chilled first, then warm.', '先聞冷酒，再聞溫酒。'],
    drink: {
      title: ['Chilled or warm?', '冷飲還是溫飲？'],
      hint: ['The same sake at two temperatures.', '同一款清酒，兩種溫度。'],
      options: [
        ['chilled', 'Chilled', '冷飲'],
        ['warm', 'Warm', '溫飲'],
        ['both', 'Both equally', '兩種一樣喜歡'],
      ],
    },
    next: [
      ['styles', 'Other sake styles', '其他清酒類型'],
      ['umeshu', 'Umeshu', '梅酒'],
      ['food', 'Pairing with Cantonese food', '配搭粵菜'],
    ],
  },
  {
    id: SEED_SURVEY_IDS.baijiu,
    eventId: SEED_EVENT_IDS.baijiuNight,
    productId: 'spirits-baijiu-moutai-style',
    title: ['Baijiu night: your notes', '白酒之夜：你的筆記'],
    description: ['A sauce-aroma baijiu sipped slowly, away from the banquet toasts.', '醬香型白酒，慢慢細味，不為乾杯。'],
    aromaHint: ['Rub a drop between your palms and smell them.', '在掌心搓一滴酒再聞。'],
    drink: {
      title: ['How did the sauce aroma strike you?', '你覺得醬香如何？'],
      hint: ['It is a strong style; every answer is fine.', '醬香風格濃烈，怎樣回答都可以。'],
      options: [
        ['wonderful', 'Wonderful', '很精彩'],
        ['interesting', 'Interesting', '很有趣'],
        ['too-strong', 'Too strong', '太濃烈'],
      ],
    },
    next: [
      ['light', 'Light-aroma baijiu', '清香型白酒'],
      ['cocktails', 'Baijiu cocktails', '白酒雞尾酒'],
      ['food', 'Baijiu with food', '白酒配菜'],
    ],
  },
];

const options = (surveyId: string, list: DrinkQuestion['options']): EventSurveyOptionRow[] =>
  list.map(([slug, en, zh]) => ({ id: `${surveyId}-${slug}`, en, zh }));

/** The rows of one survey: the survey, its three groups, its seven questions. */
function surveyRows(s: SeedSurvey, sort: number) {
  const group = (n: number) => `${s.id}-g${n}`;
  const q = (kind: (typeof QUESTION_KINDS)[number]) => `${s.id}-${kind}`;
  return {
    survey: {
      id: s.id,
      eventId: s.eventId,
      titleEn: s.title[0],
      titleZh: s.title[1],
      descriptionEn: s.description[0],
      descriptionZh: s.description[1],
      productId: s.productId,
      sort,
    },
    groups: [
      { id: group(1), surveyId: s.id, titleEn: 'On the nose', titleZh: '聞香', sort: 1 },
      { id: group(2), surveyId: s.id, titleEn: 'In the cup', titleZh: '品味', sort: 2 },
      { id: group(3), surveyId: s.id, titleEn: 'Your evening', titleZh: '今次的體驗', sort: 3 },
    ],
    questions: [
      {
        id: q('aroma'),
        groupId: group(1),
        type: 'Aroma' as const,
        titleEn: 'Which aromas did you notice?',
        titleZh: '你聞到哪些香氣？',
        hintEn: s.aromaHint[0],
        hintZh: s.aromaHint[1],
        required: true,
        minChoices: 1,
        maxChoices: 5,
        sort: 1,
      },
      {
        id: q('senses'),
        groupId: group(1),
        type: 'FiveSenses' as const,
        titleEn: 'How strong was each taste?',
        titleZh: '每種味道有多強？',
        hintEn: 'From 1 (barely there) to 5 (very strong).',
        hintZh: '由1（幾乎沒有）至5（非常強烈）。',
        required: true,
        sort: 2,
      },
      {
        id: q('notes'),
        groupId: group(2),
        type: 'TasteNote' as const,
        titleEn: 'Which taste notes did you find?',
        titleZh: '你嚐到哪些味道？',
        hintEn: 'Pick from the list, or add words of your own.',
        hintZh: '從列表中選擇，或加入你自己的形容。',
        required: true,
        minChoices: 1,
        maxChoices: 8,
        sort: 3,
      },
      {
        id: q('drink'),
        groupId: group(2),
        type: 'Radio' as const,
        titleEn: s.drink.title[0],
        titleZh: s.drink.title[1],
        hintEn: s.drink.hint[0],
        hintZh: s.drink.hint[1],
        required: true,
        options: options(s.id, s.drink.options),
        sort: 4,
      },
      {
        id: q('overall'),
        groupId: group(3),
        type: 'Radio' as const,
        titleEn: 'How did you enjoy it overall?',
        titleZh: '整體而言你有多喜歡？',
        hintEn: '',
        hintZh: '',
        required: true,
        options: options(s.id, OVERALL),
        sort: 5,
      },
      {
        id: q('next'),
        groupId: group(3),
        type: 'Checkbox' as const,
        titleEn: 'What would you like to explore at a next tasting?',
        titleZh: '下次品鑑你想探索甚麼？',
        hintEn: 'Up to three.',
        hintZh: '最多三項。',
        required: false,
        options: options(s.id, s.next),
        minChoices: 1,
        maxChoices: 3,
        sort: 6,
      },
      {
        id: q('words'),
        groupId: group(3),
        type: 'Text' as const,
        titleEn: 'Anything you would like to tell the host?',
        titleZh: '有甚麼想告訴主持人嗎？',
        hintEn: 'Optional.',
        hintZh: '可選填。',
        required: false,
        maxLength: 500,
        sort: 7,
      },
    ].map((question) => ({ ...question, surveyId: s.id })),
  };
}

/** Every seeded survey's rows, in the order they are listed. */
export function eventSurveyRows() {
  const sortWithin = new Map<string, number>();
  return surveys.map((s) => {
    const sort = (sortWithin.get(s.eventId) ?? 0) + 1;
    sortWithin.set(s.eventId, sort);
    return surveyRows(s, sort);
  });
}

/** After the events and the products: a survey names both. */
export async function seedEventSurveys(db: Db): Promise<void> {
  const rows = eventSurveyRows();
  await db.insert(eventSurveys).values(rows.map((r) => r.survey));
  await db.insert(eventSurveyGroups).values(rows.flatMap((r) => r.groups));
  await db.insert(eventSurveyQuestions).values(rows.flatMap((r) => r.questions));
}
