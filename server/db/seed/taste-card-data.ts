/**
 * Seed taste cards (issue 16): published cards with recipes by a few members on seeded products, in English
 * and Chinese, and their products' taste profiles (the sums the card service keeps). Built into it, a case
 * for similar products: two floral oolongs (Tieguanyin, Dancong Mi Lan) carded alike, near each other and
 * far from the peated Islay single malt. addGeneratedTasteCards adds N more for the bench.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { productTasteProfiles, products, tasteCards, users } from '../schema.ts';
import { demoMember } from './member-data.ts';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** Seeded members who write cards (they sign in with the demo member's password). */
export const SEED_TASTERS = [
  { id: '00000000-0000-4000-8000-000000000101', email: 'kayan.taster@sipandgather.hk', givenName: 'Ka Yan', familyName: 'Wong', name: 'kayan_brews' },
  { id: '00000000-0000-4000-8000-000000000102', email: 'hoilam.taster@sipandgather.hk', givenName: 'Hoi Lam', familyName: 'Cheung', name: 'hoilam_tea' },
  { id: '00000000-0000-4000-8000-000000000103', email: 'marcus.taster@sipandgather.hk', givenName: 'Marcus', familyName: 'Lee', name: 'marcus_drams' },
] as const;

/** The similar-products case: the closest product to SIMILAR_TO is SIMILAR_CLOSEST; SIMILAR_FAR is far from both. */
export const SIMILAR_TO = 'tea-tieguanyin';
export const SIMILAR_CLOSEST = 'tea-dancong-milan';
export const SIMILAR_FAR = 'spirits-islay-single-malt';

type Senses = [sweet: number, sour: number, bitter: number, salty: number, umami: number];

interface SeedCard {
  id: string;
  userId: string;
  productId: string;
  language: 'en' | 'zh';
  title: string;
  description: string;
  senses: Senses;
  /** Note and aroma slugs: the vocabulary's IDs are note-<slug> and aroma-<slug>. */
  notes: string[];
  aromas: string[];
  parameter: Record<string, unknown>;
  steps: string[];
  daysAgo: number;
}

const [kayan, hoilam, marcus] = SEED_TASTERS;
const gongfu = (temperature: number, grams: number, seconds: number) => ({
  Water: 100,
  Amount: grams,
  WaterFlow: 'gentle',
  Temperature: temperature,
  BrewingTime: { Value: seconds, Unit: 'sec' },
});

export const SEED_TASTE_CARDS: readonly SeedCard[] = [
  {
    id: 'tc-tieguanyin-1',
    userId: kayan.id,
    productId: 'tea-tieguanyin',
    language: 'en',
    title: 'Orchid in a warm gaiwan',
    description: 'Rolled leaves open into orchid and gardenia, a honeyed middle and a long, sweet finish. Lovely on the fourth steep.',
    senses: [4, 1, 2, 1, 2],
    notes: ['orchid', 'gardenia', 'honey', 'osmanthus'],
    aromas: ['orchid', 'honey'],
    parameter: { ...gongfu(95, 7, 20), Body: 'medium', AfterTaste: 'long', Flavour: 'orchid and honey', Feeling: 'calm, bright' },
    steps: ['Warm the gaiwan and cups with boiling water', 'Rinse the leaves for 5 seconds', 'Steep 20 seconds, adding 5 seconds each round'],
    daysAgo: 2,
  },
  {
    id: 'tc-tieguanyin-2',
    userId: hoilam.id,
    productId: 'tea-tieguanyin',
    language: 'zh',
    title: '蘭花香，回甘長',
    description: '第一泡已有清幽蘭香，三泡後轉為花蜜甜，喉韻清涼，回甘持久。',
    senses: [4, 1, 2, 1, 2],
    notes: ['orchid', 'gardenia', 'honey', 'lily'],
    aromas: ['orchid', 'jasmine'],
    parameter: { ...gongfu(95, 8, 25), Body: 'medium', AfterTaste: 'long', Flavour: '蘭花、蜜香', Feeling: '清爽' },
    steps: ['溫杯燙壺', '洗茶五秒', '每泡二十五秒，逐泡加長'],
    daysAgo: 5,
  },
  {
    id: 'tc-dancong-1',
    userId: kayan.id,
    productId: 'tea-dancong-milan',
    language: 'en',
    title: 'Honey orchid, as named',
    description: 'Mi Lan lives up to its name: honeyed orchid and lychee, a gentle roast underneath, no bitterness at all.',
    senses: [4, 1, 2, 1, 2],
    notes: ['orchid', 'honey', 'gardenia', 'lychee'],
    aromas: ['orchid', 'honey'],
    parameter: { ...gongfu(98, 6, 15), Body: 'medium', AfterTaste: 'long', Flavour: 'honey orchid' },
    steps: ['Use boiling water and a small pot', 'Short steeps: 15 seconds, then 10 more each time'],
    daysAgo: 1,
  },
  {
    id: 'tc-dancong-2',
    userId: hoilam.id,
    productId: 'tea-dancong-milan',
    language: 'zh',
    title: '蜜蘭香撲鼻',
    description: '乾茶已聞到蜜香，沖泡後蘭花香高揚，尾段帶荔枝甜，十分討好。',
    senses: [4, 1, 2, 1, 2],
    notes: ['orchid', 'honey', 'osmanthus', 'lychee'],
    aromas: ['orchid', 'jasmine'],
    parameter: { ...gongfu(98, 7, 15), Body: 'medium', AfterTaste: 'long' },
    steps: ['以沸水沖泡', '首泡十五秒'],
    daysAgo: 3,
  },
  {
    id: 'tc-islay-1',
    userId: marcus.id,
    productId: 'spirits-islay-single-malt',
    language: 'en',
    title: 'A bonfire on the beach',
    description: 'Peat smoke first, then iodine, sea salt and tar; a drop of water brings out lemon and a smoky, long finish.',
    senses: [2, 1, 4, 4, 2],
    notes: ['peat-smoke', 'iodine', 'sea-salt', 'tar'],
    aromas: ['peat-smoke', 'sea-breeze', 'smoke'],
    parameter: { Water: 5, Amount: 30, Body: 'full', AfterTaste: 'long', Flavour: 'peat and brine', Feeling: 'warming' },
    steps: ['Pour 30 ml into a nosing glass', 'Rest two minutes', 'Add a few drops of water'],
    daysAgo: 4,
  },
  {
    id: 'tc-islay-2',
    userId: kayan.id,
    productId: 'spirits-islay-single-malt',
    language: 'zh',
    title: '海邊的煙燻',
    description: '泥煤煙燻濃烈，帶碘酒和海鹽味，餘韻長而乾。',
    senses: [1, 1, 4, 4, 2],
    notes: ['peat-smoke', 'iodine', 'sea-salt', 'campfire'],
    aromas: ['peat-smoke', 'sea-breeze'],
    parameter: { Amount: 30, Body: 'full', AfterTaste: 'long' },
    steps: ['倒三十毫升於聞香杯', '靜置兩分鐘再品嚐'],
    daysAgo: 6,
  },
  {
    id: 'tc-jasmine-pearls-1',
    userId: hoilam.id,
    productId: 'tea-jasmine-pearls',
    language: 'en',
    title: 'Jasmine pearls unfurling',
    description: 'Sweet jasmine, fresh green leaf and a soft, creamy body. Best in a glass so you can watch the pearls open.',
    senses: [3, 1, 2, 1, 2],
    notes: ['jasmine', 'fresh-leaf', 'honeysuckle'],
    aromas: ['jasmine'],
    parameter: { Water: 250, Amount: 3, Temperature: 80, BrewingTime: { Value: 2, Unit: 'min' }, Body: 'light', AfterTaste: 'medium' },
    steps: ['Cool the water to 80 °C', 'Drop the pearls into a tall glass', 'Steep two minutes'],
    daysAgo: 8,
  },
  {
    id: 'tc-long-jing-1',
    userId: kayan.id,
    productId: 'tea-long-jing',
    language: 'zh',
    title: '豆香鮮爽',
    description: '炒青豆香明顯，湯色嫩綠，帶栗子香和微微鮮味。',
    senses: [2, 1, 2, 1, 3],
    notes: ['chestnut', 'green-bean', 'fresh-grass'],
    aromas: ['fresh-grass'],
    parameter: { Water: 200, Amount: 3, Temperature: 80, BrewingTime: { Value: 2, Unit: 'min' }, Body: 'light' },
    steps: ['玻璃杯下投法', '水溫八十度'],
    daysAgo: 10,
  },
  {
    id: 'tc-yirgacheffe-1',
    userId: marcus.id,
    productId: 'coffee-yirgacheffe',
    language: 'en',
    title: 'Bergamot and lemon on a V60',
    description: 'Bright lemon acidity, bergamot and jasmine, tea-like body. Sweetens as it cools.',
    senses: [3, 4, 2, 1, 1],
    notes: ['lemon', 'bergamot', 'jasmine', 'bright-acidity'],
    aromas: ['jasmine', 'lemon'],
    parameter: { Water: 250, Amount: 15, WaterFlow: 'steady', Temperature: 93, BrewingTime: { Value: 3, Unit: 'min' }, Body: 'light', AfterTaste: 'medium' },
    steps: ['Bloom with 40 g water for 40 seconds', 'Pour in slow circles to 250 g', 'Finish by 3 minutes'],
    daysAgo: 3,
  },
  {
    id: 'tc-harbour-espresso-1',
    userId: demoMember.id,
    productId: 'coffee-harbour-espresso',
    language: 'en',
    title: 'Dark chocolate shot',
    description: 'Dark chocolate, toasted nuts and brown sugar; a heavy body that stands up to milk.',
    senses: [3, 1, 4, 1, 2],
    notes: ['dark-chocolate', 'roasted-nuts', 'brown-sugar'],
    aromas: ['chocolate', 'roasted-coffee'],
    parameter: { Water: 36, Amount: 18, Temperature: 93, BrewingTime: { Value: 28, Unit: 'sec' }, Body: 'full', AfterTaste: 'long' },
    steps: ['18 g in, 36 g out', 'About 28 seconds'],
    daysAgo: 1,
  },
  {
    id: 'tc-sandalwood-1',
    userId: hoilam.id,
    productId: 'incense-sandalwood-sticks',
    language: 'zh',
    title: '老山檀的溫柔',
    description: '點燃後是柔和的奶香木質調，帶一點甜，適合讀書時用。',
    senses: [3, 1, 1, 1, 1],
    notes: ['sandalwood', 'cream', 'honey'],
    aromas: ['sandalwood', 'mysore-sandalwood'],
    parameter: { BrewingTime: { Value: 40, Unit: 'min' }, Feeling: '安靜、放鬆' },
    steps: ['插於香座，遠離風口', '點燃後輕輕吹熄明火'],
    daysAgo: 7,
  },
  {
    id: 'tc-agarwood-1',
    userId: demoMember.id,
    productId: 'incense-agarwood-sticks',
    language: 'en',
    title: 'Deep and resinous',
    description: 'Sweet agarwood with a cool, slightly medicinal edge and a honeyed trail that lingers in the room.',
    senses: [3, 1, 2, 1, 1],
    notes: ['agarwood', 'honey', 'camphor'],
    aromas: ['agarwood', 'kyara', 'borneol'],
    parameter: { BrewingTime: { Value: 45, Unit: 'min' }, Feeling: 'grounded' },
    steps: ['Light the tip and let it catch for a few seconds', 'Wave the flame out gently'],
    daysAgo: 2,
  },
];

/** The seed's members who card (inserted with the demo member's password hash). */
async function insertTasters(db: Db, passwordHash: string, now: Date) {
  await db.insert(users).values(
    SEED_TASTERS.map((m) => ({ ...m, emailVerified: true, passwordHash, preSurveyDone: true, createdAt: new Date(now.getTime() - 30 * DAY_MS) })),
  );
}

interface CardValues {
  id: string;
  userId: string;
  productId: string;
  status: 'Published' | 'Private';
  title: string;
  description: string;
  sweetness: number;
  sourness: number;
  bitterness: number;
  saltiness: number;
  umami: number;
  parameter: Record<string, unknown>;
  tasteNoteIds: string[];
  customTasteNotes: string[];
  aromaIds: string[];
  customAromas: string[];
  steps: Array<{ Text: string }>;
  language: string;
  productImageType: 'default' | 'photo';
  photo: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/** The sums of the published cards given, one profile row per product (what the card service keeps). */
function profileRows(cards: readonly CardValues[], now: Date) {
  const byProduct = new Map<string, typeof productTasteProfiles.$inferInsert>();
  for (const c of cards) {
    if (c.status !== 'Published') continue;
    const p = byProduct.get(c.productId) ?? {
      productId: c.productId,
      cardCount: 0,
      sweetnessSum: 0,
      sournessSum: 0,
      bitternessSum: 0,
      saltinessSum: 0,
      umamiSum: 0,
      noteCounts: {},
      aromaCounts: {},
      updatedAt: now,
    };
    p.cardCount += 1;
    p.sweetnessSum += c.sweetness;
    p.sournessSum += c.sourness;
    p.bitternessSum += c.bitterness;
    p.saltinessSum += c.saltiness;
    p.umamiSum += c.umami;
    for (const id of new Set(c.tasteNoteIds)) p.noteCounts![id] = (p.noteCounts![id] ?? 0) + 1;
    for (const id of new Set(c.aromaIds)) p.aromaCounts![id] = (p.aromaCounts![id] ?? 0) + 1;
    byProduct.set(c.productId, p);
  }
  return [...byProduct.values()];
}

const BATCH = 1000;

async function insertCards(db: Db, cards: readonly CardValues[], now: Date) {
  for (let i = 0; i < cards.length; i += BATCH) await db.insert(tasteCards).values(cards.slice(i, i + BATCH));
  // Profiles of products that already have some are added to (generated cards on a seeded database).
  const rows = profileRows(cards, now);
  for (let i = 0; i < rows.length; i += BATCH) {
    await db
      .insert(productTasteProfiles)
      .values(rows.slice(i, i + BATCH))
      .onConflictDoUpdate({
        target: productTasteProfiles.productId,
        set: {
          cardCount: sql`${productTasteProfiles.cardCount} + excluded.card_count`,
          sweetnessSum: sql`${productTasteProfiles.sweetnessSum} + excluded.sweetness_sum`,
          sournessSum: sql`${productTasteProfiles.sournessSum} + excluded.sourness_sum`,
          bitternessSum: sql`${productTasteProfiles.bitternessSum} + excluded.bitterness_sum`,
          saltinessSum: sql`${productTasteProfiles.saltinessSum} + excluded.saltiness_sum`,
          umamiSum: sql`${productTasteProfiles.umamiSum} + excluded.umami_sum`,
          // Adds two { id: count } objects key by key.
          noteCounts: sql`(select coalesce(jsonb_object_agg(k, s), '{}'::jsonb) from (select k, sum(v::int) as s from (
            select * from jsonb_each_text(${productTasteProfiles.noteCounts}) union all select * from jsonb_each_text(excluded.note_counts)) e(k, v) group by k) t)`,
          aromaCounts: sql`(select coalesce(jsonb_object_agg(k, s), '{}'::jsonb) from (select k, sum(v::int) as s from (
            select * from jsonb_each_text(${productTasteProfiles.aromaCounts}) union all select * from jsonb_each_text(excluded.aroma_counts)) e(k, v) group by k) t)`,
          updatedAt: sql`excluded.updated_at`,
        },
      });
  }
}

/** The seed's cards, their members and the profiles of their products. */
export async function seedTasteCards(db: Db, now: Date, passwordHash: string) {
  await insertTasters(db, passwordHash, now);
  await insertCards(
    db,
    SEED_TASTE_CARDS.map((c, i) => {
      const at = new Date(now.getTime() - c.daysAgo * DAY_MS - (i + 1) * HOUR_MS);
      return {
        id: c.id,
        userId: c.userId,
        productId: c.productId,
        status: 'Published',
        title: c.title,
        description: c.description,
        sweetness: c.senses[0],
        sourness: c.senses[1],
        bitterness: c.senses[2],
        saltiness: c.senses[3],
        umami: c.senses[4],
        parameter: c.parameter,
        tasteNoteIds: c.notes.map((n) => `note-${n}`),
        customTasteNotes: [],
        aromaIds: c.aromas.map((a) => `aroma-${a}`),
        customAromas: [],
        steps: c.steps.map((Text) => ({ Text })),
        language: c.language,
        productImageType: 'default',
        photo: null,
        createdAt: at,
        updatedAt: at,
      };
    }),
    now,
  );
}

// ------------------------------------------------------------------------------- generated cards

/** Small deterministic PRNG (mulberry32), as generate.ts uses. */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Members who write the generated cards. */
const GENERATED_TASTERS = 200;
const tasterId = (n: number) => `00000000-0000-4000-9000-${String(n).padStart(12, '0')}`;

/**
 * Adds `count` published cards (benchmarks) on the drink products there are, seeded and generated, by
 * GENERATED_TASTERS generated members. Each product has a character (a few notes and aromas its cards draw
 * from, and five-sense levels they scatter around), so profiles differ as real ones do.
 */
export async function addGeneratedTasteCards(db: Db, count: number, now: Date) {
  const random = prng(count);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const drinkProducts = (
    await db.select({ id: products.id }).from(products).where(sql`${products.typeId} in ('tea', 'coffee', 'incense', 'spirits')`).orderBy(products.id)
  ).map((p) => p.id);
  if (drinkProducts.length === 0) throw new Error('generated taste cards need drink products: seed first');
  const noteIds = (await db.execute(sql`select id from taste_notes order by id`)) as unknown as { rows: Array<{ id: string }> };
  const aromaIds = (await db.execute(sql`select id from aromas order by id`)) as unknown as { rows: Array<{ id: string }> };
  const notes = noteIds.rows.map((r) => r.id);
  const aromaList = aromaIds.rows.map((r) => r.id);

  const [existing] = await db.select({ n: sql<number>`count(*)::int` }).from(users).where(sql`${users.id} like '00000000-0000-4000-9000-%'`);
  if ((existing?.n ?? 0) === 0) {
    await db.insert(users).values(
      Array.from({ length: GENERATED_TASTERS }, (_, i) => ({
        id: tasterId(i + 1),
        email: `taster${i + 1}@bench.sipandgather.hk`,
        emailVerified: true,
        passwordHash: 'bench-no-sign-in',
        givenName: `Taster ${i + 1}`,
        familyName: 'Bench',
        preSurveyDone: true,
        createdAt: now,
      })),
    );
  }

  const characters = new Map<string, { notes: string[]; aromas: string[]; senses: number[] }>();
  const characterOf = (productId: string) => {
    let c = characters.get(productId);
    if (!c) {
      c = {
        notes: Array.from({ length: 6 }, () => pick(notes)),
        aromas: Array.from({ length: 4 }, () => pick(aromaList)),
        senses: Array.from({ length: 5 }, () => 1 + Math.floor(random() * 5)),
      };
      characters.set(productId, c);
    }
    return c;
  };
  const level = (around: number) => Math.min(5, Math.max(1, around + Math.round((random() - 0.5) * 2)));
  const sample = (list: readonly string[], n: number) => [...new Set(Array.from({ length: n }, () => pick(list)))];

  const stamp = Date.now().toString(36);
  const cards: CardValues[] = [];
  for (let i = 0; i < count; i++) {
    const productId = pick(drinkProducts);
    const c = characterOf(productId);
    const cardNotes = [...new Set([...sample(c.notes, 3), pick(notes)])];
    while (cardNotes.length < 3) cardNotes.push(pick(notes.filter((n) => !cardNotes.includes(n))));
    const at = new Date(now.getTime() - Math.floor(random() * 365 * DAY_MS));
    cards.push({
      id: `gtc-${stamp}-${i + 1}`,
      userId: tasterId(1 + Math.floor(random() * GENERATED_TASTERS)),
      productId,
      status: 'Published',
      title: `Tasting ${i + 1}`,
      description: 'A generated card for the bench.',
      sweetness: level(c.senses[0]!),
      sourness: level(c.senses[1]!),
      bitterness: level(c.senses[2]!),
      saltiness: level(c.senses[3]!),
      umami: level(c.senses[4]!),
      parameter: {},
      tasteNoteIds: cardNotes,
      customTasteNotes: [],
      aromaIds: sample(c.aromas, 2),
      customAromas: [],
      steps: [],
      language: 'en',
      productImageType: 'default',
      photo: null,
      createdAt: at,
      updatedAt: at,
    });
  }
  await insertCards(db, cards, now);
}
