import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { Dialog } from 'radix-ui';
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { KEYWORD_MAX_LENGTH, type SearchType } from '../../../contract/index.ts';
import * as flowState from '../../../machines/search/search.selectors.ts';
import { NETWORK_ERROR, type Recommendation, type SearchOutput } from '../../../machines/search/search.types.ts';
import { messageFor } from '../../api/error-messages.ts';
import { useServices } from '../../app/services.ts';
import { useFlow } from '../../app/use-flow.ts';
import { useBilingual } from '../../ui/Bilingual.tsx';
import { usePopupPlace } from '../../ui/Popup.tsx';
import { searchQueries } from './queries.ts';
import { createSearchFlow } from './search.actors.ts';
import { useRecentSearches } from './recent-searches.ts';
import './search.css';

/**
 * The search popup (spec §2): a search field with suggestions as you type (a combobox), recent
 * searches, and for members the top-search and now-trending lists. Submitting opens the results.
 */
export function SearchPopup(props: { keyword?: string; searchType?: SearchType; onClose: () => void }) {
  const searchType = props.searchType ?? 'product';
  const { api, preferences } = useServices();
  const { t, i18n } = useLingui();
  const pick = useBilingual();
  const navigate = useNavigate();
  const machine = useMemo(() => createSearchFlow(api, preferences), [api, preferences]);
  const flow = useFlow(machine, { input: { keyword: props.keyword, searchType } });
  const keyword = useSelector(flow, flowState.keyword);
  const showsStartLists = useSelector(flow, flowState.showsStartLists);
  const showsSuggestions = useSelector(flow, flowState.showsSuggestions);
  const suggestions = useSelector(flow, flowState.suggestions);
  const loadingSuggestions = useSelector(flow, flowState.isLoadingSuggestions);
  const noSuggestions = useSelector(flow, flowState.hasNoSuggestions);
  const suggestionsUnavailable = useSelector(flow, flowState.suggestionsUnavailable);
  const searching = useSelector(flow, flowState.isSearching);
  const errorCode = useSelector(flow, flowState.searchError);
  const submitted = useSelector(flow, flowState.submittedSearch);

  const recent = useRecentSearches();
  const hot = useQuery({ ...searchQueries.hotKeywords(api), enabled: recent.member, meta: { handlesErrors: true } });

  const inputRef = useRef<HTMLInputElement>(null);
  const ids = useId();
  const listboxId = `${ids}-suggestions`;
  const optionId = (index: number) => `${ids}-option-${index}`;
  const [active, setActive] = useState(-1);
  const [listDismissed, setListDismissed] = useState(false);
  // A new list of suggestions starts with none active.
  useEffect(() => setActive(-1), [suggestions]);

  // The search ran: remember it, then show its results (navigating closes the popup; so does
  // searching again for the page's own keyword, where the location does not change).
  const afterSearch = useRef<(search: SearchOutput) => void>(undefined);
  afterSearch.current = (search) => {
    recent.record(search.keyword, search.recentSearches);
    const params = { keyword: search.keyword };
    const shown =
      search.searchType === 'boxset'
        ? navigate({ to: '/search_boxset/{-$keyword}', params })
        : navigate({ to: '/search_result/{-$keyword}', params });
    void shown.then(props.onClose);
  };
  useEffect(() => {
    if (submitted) afterSearch.current?.(submitted);
  }, [submitted]);

  const submit = (value: string) => flow.send({ type: 'SUBMIT', keyword: value });
  const choose = (option: Recommendation) => {
    if (option.Type === 'product' && option.ProductID) {
      void navigate({ to: '/product/$productID', params: { productID: option.ProductID } });
    } else submit(option.Keyword);
  };
  const expanded = showsSuggestions && suggestions.length > 0 && !listDismissed;

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (!expanded) {
      if (e.key === 'ArrowDown' && showsSuggestions && suggestions.length > 0) {
        setListDismissed(false);
        setActive(0);
        e.preventDefault();
      }
      return;
    }
    const count = suggestions.length;
    if (e.key === 'ArrowDown') {
      setActive((i) => (i + 1) % count);
      e.preventDefault();
    } else if (e.key === 'ArrowUp') {
      setActive((i) => (i <= 0 ? count - 1 : i - 1));
      e.preventDefault();
    } else if (e.key === 'Enter' && active >= 0 && suggestions[active]) {
      choose(suggestions[active]);
      e.preventDefault();
    }
  };

  const error =
    errorCode === undefined
      ? undefined
      : errorCode === NETWORK_ERROR
        ? t`Search is unavailable right now. Check your connection and try again.`
        : i18n._(messageFor(errorCode));
  const title = searchType === 'boxset' ? t`Search box sets` : t`Search`;
  // Its place in the popup stack (hidden under a popup above it), the focus on the search field, and back to the opener on close.
  const place = usePopupPlace((e) => {
    e.preventDefault();
    inputRef.current?.focus();
  });

  return (
    <Dialog.Root open onOpenChange={(open) => !open && props.onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="popup-overlay" {...place.overlay} />
        <Dialog.Content
          className="popup search-popup"
          aria-busy={searching}
          {...place.content}
          onEscapeKeyDown={(e) => {
            // Escape first closes the suggestion list (combobox pattern), then the popup.
            if (expanded) {
              e.preventDefault();
              setListDismissed(true);
              setActive(-1);
            }
          }}
        >
          <header className="popup-header">
            <Dialog.Title className="popup-title">{title}</Dialog.Title>
            <Dialog.Close className="icon-button" aria-label={t`Close`}>
              <span aria-hidden="true">×</span>
            </Dialog.Close>
          </header>
          <Dialog.Description className="visually-hidden">
            <Trans>Type to see suggestions; use the arrow keys to choose one and Enter to search.</Trans>
          </Dialog.Description>
          <div className="popup-body">
            <form
              role="search"
              className="search-row search-popup-form"
              onSubmit={(e) => {
                e.preventDefault();
                submit(keyword);
              }}
            >
              <label className="visually-hidden" htmlFor={`${ids}-input`}>
                {title}
              </label>
              <input
                id={`${ids}-input`}
                ref={inputRef}
                type="search"
                role="combobox"
                aria-autocomplete="list"
                aria-expanded={expanded}
                aria-controls={listboxId}
                aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${ids}-error` : undefined}
                autoComplete="off"
                enterKeyHint="search"
                maxLength={KEYWORD_MAX_LENGTH}
                placeholder={searchType === 'boxset' ? t`Search box sets` : t`Tea, coffee, incense, spirits…`}
                value={keyword}
                readOnly={searching}
                onChange={(e) => {
                  setListDismissed(false);
                  flow.send({ type: 'TYPE', keyword: e.target.value });
                }}
                onKeyDown={onKeyDown}
              />
              <button type="submit" className="button primary" disabled={searching}>
                {searching ? <Trans>Searching…</Trans> : <Trans>Search</Trans>}
              </button>
            </form>
            {error && (
              <p id={`${ids}-error`} className="form-error" role="alert">
                {error}
              </p>
            )}

            <ul id={listboxId} role="listbox" aria-label={t`Suggestions`} className="search-suggestions" hidden={!expanded}>
              {suggestions.map((option, index) => (
                <li
                  key={`${option.Type}:${option.ProductID ?? option.Keyword}`}
                  id={optionId(index)}
                  role="option"
                  aria-selected={index === active}
                  className="search-suggestion"
                  data-type={option.Type}
                  // Keep focus in the field; the click still picks the option.
                  onMouseDown={(e) => e.preventDefault()}
                  onClick={() => choose(option)}
                >
                  {option.Type === 'product' && option.Name ? (
                    <>
                      <span>{pick(option.Name)}</span>
                      <span className="muted small">
                        <Trans>Product</Trans>
                      </span>
                    </>
                  ) : (
                    <span>{option.Keyword}</span>
                  )}
                </li>
              ))}
            </ul>
            <p role="status" className="muted small search-status">
              {showsSuggestions &&
                (loadingSuggestions && suggestions.length === 0 ? (
                  <Trans>Looking for suggestions…</Trans>
                ) : suggestionsUnavailable ? (
                  <Trans>Suggestions are unavailable right now. Press Enter to search.</Trans>
                ) : noSuggestions ? (
                  <Trans>No suggestions. Press Enter to search for “{keyword}”.</Trans>
                ) : suggestions.length > 0 && !listDismissed ? (
                  plural(suggestions.length, { one: '# suggestion', other: '# suggestions' })
                ) : null)}
            </p>

            {showsStartLists && (
              <StartLists
                recent={recent}
                hot={recent.member ? hot.data : undefined}
                onPick={submit}
              />
            )}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

type HotLists = { topSearch: { Keyword: string; Sort: number }[]; nowTrending: { Keyword: string; Sort: number }[] };

/** What the popup shows before typing: recent searches, and for members the hot lists. */
function StartLists(props: {
  recent: ReturnType<typeof useRecentSearches>;
  hot: HotLists | undefined;
  onPick: (keyword: string) => void;
}) {
  const { recent, hot, onPick } = props;
  const { t } = useLingui();
  const ids = useId();
  return (
    <div className="search-start">
      <section className="search-section" aria-labelledby={`${ids}-recent`}>
        <div className="search-section-head">
          <h3 id={`${ids}-recent`}>
            <Trans>Recent searches</Trans>
          </h3>
          {recent.list && recent.list.length > 0 && (
            <button type="button" className="link-button" onClick={recent.clear}>
              <Trans>Clear all</Trans>
            </button>
          )}
        </div>
        {recent.failed && (
          <p role="alert" className="form-error">
            <Trans>Your recent searches could not be updated. Please try again.</Trans>
          </p>
        )}
        {!recent.list ? (
          <p className="muted small">
            <Trans>Loading…</Trans>
          </p>
        ) : recent.list.length === 0 ? (
          <p className="muted small">
            <Trans>Your searches will show here.</Trans>
          </p>
        ) : (
          <ul className="search-recent" aria-labelledby={`${ids}-recent`}>
            {recent.list.map((keyword) => (
              <li key={keyword}>
                <button type="button" className="search-recent-keyword" onClick={() => onPick(keyword)}>
                  {keyword}
                </button>
                <button
                  type="button"
                  className="icon-button"
                  aria-label={t`Remove ${keyword} from recent searches`}
                  onClick={() => recent.remove(keyword)}
                >
                  <span aria-hidden="true">×</span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>
      {hot && <HotList title={t`Top searches`} list={hot.topSearch} onPick={onPick} />}
      {hot && <HotList title={t`Now trending`} list={hot.nowTrending} onPick={onPick} />}
    </div>
  );
}

function HotList(props: { title: string; list: readonly { Keyword: string }[]; onPick: (keyword: string) => void }) {
  const id = useId();
  if (props.list.length === 0) return null;
  return (
    <section className="search-section" aria-labelledby={id}>
      <h3 id={id}>{props.title}</h3>
      <ol className="chip-row search-hot" aria-labelledby={id}>
        {props.list.map((k) => (
          <li key={k.Keyword}>
            <button type="button" className="chip" onClick={() => props.onPick(k.Keyword)}>
              {k.Keyword}
            </button>
          </li>
        ))}
      </ol>
    </section>
  );
}
