/** The search popup's machine with its real actors, named after the calls they make (DESIGN §5). */
import { fromPromise } from 'xstate';
import { getAutocompleteRecommend, searchProduct } from '../../../contract/index.ts';
import { searchMachine } from '../../../machines/search/search.machine.ts';
import { asCallResult } from '../../api/call-result.ts';
import type { ApiClient } from '../../api/client.ts';
import { cookieId } from '../../app/cookie-id.ts';
import type { PreferencesStore } from '../../app/preferences.ts';

export function createSearchFlow(api: ApiClient, preferences: PreferencesStore) {
  return searchMachine.provide({
    actors: {
      // Superseded requests are aborted: the machine stops this actor, which aborts its signal.
      getAutocompleteRecommend: fromPromise(({ input, signal }) => asCallResult(api.call(getAutocompleteRecommend, input, { signal }))),
      // Signed in, the bearer goes along so the server keeps the member's recent searches.
      searchProduct: fromPromise(({ input }) =>
        asCallResult(
          api.call(searchProduct, { ...input, Currency: preferences.get().currency ?? 'HKD', CookieID: cookieId() }, { withSession: true }),
        ),
      ),
    },
  });
}
