import * as contract from '../../contract/member-home.ts';
import { memberGuide } from '../services/member-home/guide.ts';
import { recommendedProducts } from '../services/member-home/recommendations.ts';
import { implement } from './handler.ts';

export const memberHomeHandlers = implement(contract, {
  getMemberGuide: ({ deps: { db }, userId }) => memberGuide(db, userId),
  getRecommendedProduct: ({ body, deps, userId }) => recommendedProducts(deps, userId, body.Currency, body.Size),
});
