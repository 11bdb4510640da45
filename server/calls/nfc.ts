import * as contract from '../../contract/nfc.ts';
import { addProductByNfc, nfcProduct } from '../services/nfc/tags.ts';
import { implement } from './handler.ts';

export const nfcHandlers = implement(contract, {
  getNFC: ({ body, deps: { db } }) => nfcProduct(db, body.ID, body.Currency),
  addUserProductByNFC: ({ body, deps, userId }) => addProductByNfc(deps, userId, body.ID),
});
