import * as contract from '../../contract/taste-cards.ts';
import { createCard, listOwn, listPublished, ownCard, publicCard, searchCards, updateCard } from '../services/taste/cards.ts';
import { dailySip } from '../services/taste/daily-sip.ts';
import { calculateMatch } from '../services/taste/match.ts';
import {
  drinksQuestions,
  storedSurvey,
  submitDrinksSurvey,
  submitTasteSurvey,
  tasteQuestions,
} from '../services/taste/personal-surveys.ts';
import { productTasteProfile } from '../services/taste/profiles.ts';
import { similarProducts } from '../services/taste/similar.ts';
import { userProducts } from '../services/taste/user-products.ts';
import { limitedWrite } from '../services/limited-write.ts';
import { implement } from './handler.ts';

/** Taste cards and recipes (issue 16; spec §7 Taste cards): handlers parse and map, services/taste/ does the work. */
export const tasteCardHandlers = implement(contract, {
  // New cards are limited per member (both calls share one allowance); editing one's own card is not, as its
  // product's profile counts a member once however often they edit (services/taste/cards.ts).
  async createTasteCard({ body, deps, userId }) {
    return { Card: await limitedWrite(deps, 'tasteCardsPerMember', userId, () => createCard(deps, userId, body, false)) };
  },

  async newCreateTasteCard({ body, deps, userId }) {
    return { Card: await limitedWrite(deps, 'tasteCardsPerMember', userId, () => createCard(deps, userId, body, true)) };
  },

  async listTasteCard({ body, deps: { db } }) {
    return listPublished(db, body);
  },

  async newListTasteCard({ body, deps: { db } }) {
    return listPublished(db, body);
  },

  async listUserTasteCard({ body, deps: { db }, userId }) {
    return listOwn(db, userId, body);
  },

  async getPublicTasteCard({ body, deps: { db } }) {
    return { Card: await publicCard(db, body.CardID) };
  },

  async newGetPublicTasteCard({ body, deps: { db } }) {
    return { Card: await publicCard(db, body.CardID) };
  },

  async getUserTasteCard({ body, deps: { db }, userId }) {
    return { Card: await ownCard(db, userId, body.CardID) };
  },

  async newGetUserTasteCard({ body, deps: { db }, userId }) {
    return { Card: await ownCard(db, userId, body.CardID) };
  },

  async newUpdateTasteCard({ body, deps, userId }) {
    return { Card: await updateCard(deps, userId, body) };
  },

  async SearchAndFilterTasteCard({ body, deps: { db } }) {
    return searchCards(db, body);
  },

  async getProductTasteProfile({ body, deps: { db } }) {
    return { Profile: await productTasteProfile(db, body.ProductID) };
  },

  async SearchSimilarProductTasteCard({ body, deps }) {
    return { ProductList: await similarProducts(deps, body.ProductID, body.Currency, body.Size) };
  },

  async CalculateUserProductMatch({ body, deps, userId }) {
    return calculateMatch(deps, userId, body);
  },

  async listUserProduct({ body, deps: { db }, userId }) {
    return userProducts(db, userId, body.Currency);
  },

  async getDailySip({ deps: { db, clock }, userId }) {
    return dailySip(db, userId, clock.now());
  },

  async getPersonalTasteFilter({ deps: { db }, userId }) {
    const [Questions, stored] = await Promise.all([tasteQuestions(db), storedSurvey(db, userId, 'taste')]);
    return { Questions, TasteSurvey: stored?.answers ?? [], ...(stored ? { SubmitTime: stored.submittedAt.toISOString() } : {}) };
  },

  async submitPersonalTasteSurvey({ body, deps: { db, clock }, userId }) {
    return submitTasteSurvey(db, userId, body.TasteSurvey, clock.now());
  },

  async getPersonalDrinksFilter({ deps: { db }, userId }) {
    const stored = await storedSurvey(db, userId, 'drinks');
    return {
      Questions: drinksQuestions(),
      DefaultDrinks: stored?.defaultDrinks ?? [],
      DrinksSurvey: stored?.answers ?? [],
      ...(stored ? { SubmitTime: stored.submittedAt.toISOString() } : {}),
    };
  },

  async submitPersonalDrinksSurvey({ body, deps: { db, clock }, userId }) {
    return submitDrinksSurvey(db, userId, body.DefaultDrinks, body.DrinksSurvey, clock.now());
  },
});
