import { sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import {
  attributes,
  banners,
  cities,
  contentBlocks,
  countries,
  information,
  preSurveyAnswers,
  productTypes,
  products,
  surveys,
  aromas,
  tasteFamilies,
  tasteIcons,
  tasteNotes,
  tasteSubFamilies,
  users,
  variances,
} from '../schema.ts';
import type { Passwords } from '../../services/passwords.ts';
import { seedGathering } from './gathering-data.ts';
import { seedInvitations } from './invite-data.ts';
import { demoMember, entrySurvey } from './member-data.ts';
import { attributes as seedAttributes, banners as seedBanners, productTypes as seedTypes, products as seedProducts } from './catalogue-data.ts';
import { content, informationPages } from './content-data.ts';
import { cities as seedCities, countries as seedCountries } from './reference-data.ts';
import { generateProducts } from './generate.ts';
import type { SeedProduct } from './types.ts';
import { seedCommerce } from './commerce-data.ts';
import { seedSearchLogs } from './search-data.ts';
import { seedOrderHistory } from './order-history.ts';
import { seedTastingEvents } from './event-data.ts';
import { seedEventSurveys } from './event-survey-data.ts';
import { seedSubscriptionPlans } from './subscription-data.ts';
import { addGeneratedTasteCards, seedTasteCards } from './taste-card-data.ts';
import { seedInspiration } from './inspiration-data.ts';
import { tasteVocabularyRows } from './taste-vocabulary-data.ts';
import { seedFrontDoor } from './nfc-data.ts';
import { seedDemoAttendance } from './demo-attendance.ts';
import { seedOwner } from './staff-data.ts';

const DAY_MS = 86_400_000;
const BATCH = 500;

/** The seeded product types of alcohol: their products are alcohol unless the seed says otherwise. */
const ALCOHOL_TYPES = new Set(seedTypes.filter((t) => t.isAlcohol).map((t) => t.id));

async function insertProducts(db: Db, list: readonly SeedProduct[], now: Date) {
  for (let i = 0; i < list.length; i += BATCH) {
    const chunk = list.slice(i, i + BATCH);
    await db.insert(products).values(
      chunk.map((p) => {
        const onSale = p.variances.filter((v) => !v.stopSell);
        const priced = onSale.length ? onSale : p.variances;
        return {
          id: p.id,
          typeId: p.typeId,
          nameEn: p.nameEn,
          nameZh: p.nameZh,
          descriptionEn: p.descriptionEn,
          descriptionZh: p.descriptionZh,
          images: p.images,
          attributeIds: p.attributeIds,
          stopSell: p.stopSell ?? false,
          isAlcohol: p.isAlcohol ?? ALCOHOL_TYPES.has(p.typeId),
          minPriceHkd: Math.min(...priced.map((v) => v.priceHkd)),
          minPriceUsd: Math.min(...priced.map((v) => v.priceUsd)),
          soldCount: p.soldCount,
          // search_vector (what keywords match) is a generated column: the database derives it from the texts.
          createdAt: new Date(now.getTime() - p.addedDaysAgo * DAY_MS),
        };
      }),
    );
    await db.insert(variances).values(
      chunk.flatMap((p) =>
        p.variances.map((v, sort) => ({
          id: v.id,
          productId: p.id,
          nameEn: v.nameEn,
          nameZh: v.nameZh,
          priceHkd: v.priceHkd,
          priceUsd: v.priceUsd,
          stock: v.stock,
          stopSell: v.stopSell ?? false,
          sort,
        })),
      ),
    );
  }
}

/**
 * The taste vocabulary (issue 16): icons, families, sub-families, notes, aromas, in that order (each references
 * the ones before). Reference data, not demo content: loaded into every database at start (what is there
 * already is kept), so a shop seeded before a release gets the release's new notes too.
 */
export async function loadTasteVocabulary(db: Db) {
  const rows = tasteVocabularyRows();
  await db.insert(tasteIcons).values([...rows.icons]).onConflictDoNothing();
  await db.insert(tasteFamilies).values(rows.families).onConflictDoNothing();
  await db.insert(tasteSubFamilies).values(rows.subFamilies).onConflictDoNothing();
  await db.insert(tasteNotes).values(rows.notes).onConflictDoNothing();
  await db.insert(aromas).values(rows.aromas).onConflictDoNothing();
}

/** Loads the whole bilingual seed: catalogue, reference data and content pages. */
export async function seed(db: Db, options: { now: Date; passwords: Passwords; extraProducts?: number; extraTasteCards?: number }) {
  const { now } = options;
  const demoHash = await options.passwords.hash(demoMember.password);
  await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    // First: taste cards and event surveys seeded below name its notes and aromas.
    await loadTasteVocabulary(t);
    await t.insert(productTypes).values(seedTypes.map((p) => ({ ...p, isAlcohol: !!p.isAlcohol, isBoxset: !!p.isBoxset })));
    await t.insert(attributes).values(seedAttributes);
    await insertProducts(t, seedProducts, now);
    await t.insert(banners).values(seedBanners);
    await t.insert(countries).values(seedCountries);
    await t.insert(cities).values(seedCities);
    await t.insert(information).values(informationPages.map((p) => ({ ...p, updatedAt: now })));
    await t.insert(contentBlocks).values([
      { key: 'navigationMenu', value: content.navigationMenu },
      { key: 'footer', value: content.footer },
      { key: 'newInSection', value: content.newInSection },
      { key: 'surveyLanding', value: content.surveyLanding },
    ]);
    await t.insert(surveys).values(entrySurvey);
    await t.insert(users).values({
      id: demoMember.id,
      email: demoMember.email,
      emailVerified: true,
      passwordHash: demoHash,
      givenName: demoMember.givenName,
      familyName: demoMember.familyName,
      name: demoMember.name,
      preSurveyDone: true,
      createdAt: now,
    });
    await t.insert(preSurveyAnswers).values({
      userId: demoMember.id,
      surveyId: entrySurvey.id,
      answers: [
        { QuestionID: 'drinks', OptionIDs: ['tea', 'incense'] },
        { QuestionID: 'frequency', OptionIDs: ['daily'] },
      ],
      submittedAt: now,
    });
    await seedCommerce(t, now);
    await seedSearchLogs(t, now);
    await seedOrderHistory(t, now);
    await seedTastingEvents(t, now);
    await seedEventSurveys(t);
    // After the events: the demo member attended today's session, so its survey is there to answer.
    await seedDemoAttendance(t, now);
    await seedSubscriptionPlans(t);
    await seedFrontDoor(t, now);
    // After the vocabulary, the products and the demo member: cards name all three.
    await seedTasteCards(t, now, demoHash);
    // After the catalogue: posts show its products.
    await seedInspiration(t, now, demoHash);
    // After the inspiration members: one of them invited the demo member.
    await seedInvitations(t, now);
    // After the demo member's attendance and the inspiration members: both are in the room, and its host holds the host role.
    await seedGathering(t, now);
    // The back office's owner (issue 32), to try it with.
    await seedOwner(t, now, demoHash);
  });
  if (options.extraProducts) await addGeneratedProducts(db, options.extraProducts, now);
  if (options.extraTasteCards) await addGeneratedTasteCards(db, options.extraTasteCards, now);
}

/** Adds N generated products (benchmarks); safe to call on a seeded database. */
export async function addGeneratedProducts(db: Db, count: number, now: Date) {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(products).where(sql`${products.id} like 'gen-%'`);
  await insertProducts(db, generateProducts(count, row?.n ?? 0, seedAttributes), now);
}

export async function isEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(productTypes);
  return (row?.n ?? 0) === 0;
}
