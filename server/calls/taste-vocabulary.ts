import * as contract from '../../contract/taste-vocabulary.ts';
import {
  eventTasteNotes,
  getAromas,
  getTasteNotes,
  listTasteIcons,
  searchAromas,
  searchTasteNotes,
} from '../services/taste/vocabulary.ts';
import { implement } from './handler.ts';

/** The taste vocabulary (spec §7, issue 16): notes and aromas for taste cards and event surveys, and their icons. */
export const tasteVocabularyHandlers = implement(contract, {
  async searchTasteNote({ body, deps }) {
    return searchTasteNotes(deps.tasteVocabulary, body);
  },

  async searchAroma({ body, deps }) {
    return searchAromas(deps.tasteVocabulary, body.Keyword, body.Drink, body.ForDrink);
  },

  async getTasteNote({ body, deps }) {
    return getTasteNotes(deps.tasteVocabulary, body.TasteNote, body.Drink, body.ForDrink);
  },

  async getAroma({ body, deps }) {
    return getAromas(deps.tasteVocabulary, body.Aroma, body.Drink, body.ForDrink);
  },

  async listTasteCardIcon({ deps }) {
    return listTasteIcons(deps.tasteVocabulary);
  },

  async getEventTasteNote({ body, deps }) {
    return eventTasteNotes(deps.db, deps.tasteVocabulary, body.EventID);
  },
});
