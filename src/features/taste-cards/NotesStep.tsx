import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import { useDeferredValue, useId, useMemo, useState, type ReactNode } from 'react';
import type { Bilingual } from '../../../contract/index.ts';
import { drinkKindOfType } from '../../../contract/taste-vocabulary.ts';
import * as select from '../../../machines/taste-card/taste-card.selectors.ts';
import type { ChosenWord } from '../../../machines/taste-card/taste-card.types.ts';
import { MAX_CUSTOM_WORDS, MIN_TASTE_NOTES } from '../../../machines/taste-card/taste-card.types.ts';
import { useServices } from '../../app/services.ts';
import { useBilingual } from '../../ui/Bilingual.tsx';
import { RetryAlert } from '../../ui/RetryAlert.tsx';
import { useTasteCardFlow } from './flow-context.ts';
import { tasteCardQueries } from './queries.ts';
import { problemMessage } from './taste-card-words.ts';

type Word = ChosenWord & { familyID: string };
type Family = { FamilyID: string; Name: Bilingual; Icon: string };

/** Step 2: taste notes (at least 3) and aromas, from a searchable wheel, plus words of the member's own. */
export function NotesStep() {
  const actor = useTasteCardFlow();
  const answers = useSelector(actor, select.answers);
  // The words in the order that suits the card's drink (its kind's families and words first).
  const product = useSelector(actor, select.product);
  const drink = product ? drinkKindOfType(product.ProductTypeID) : undefined;
  const problems = useSelector(actor, select.shownProblems);
  const { api } = useServices();
  const { t, i18n } = useLingui();
  const wheel = useQuery(tasteCardQueries.noteWheel(api, drink));
  const aromaWheel = useQuery(tasteCardQueries.aromaWheel(api, drink));
  const icons = useQuery(tasteCardQueries.icons(api));
  const iconOf = useMemo(() => new Map((icons.data?.iconList ?? []).map((i) => [i.IconID, i.Image])), [icons.data]);
  const [noteKeyword, setNoteKeyword] = useState('');
  const [aromaKeyword, setAromaKeyword] = useState('');
  const noteSearch = useQuery(tasteCardQueries.noteSearch(api, useDeferredValue(noteKeyword.trim()), drink));
  const aromaSearch = useQuery(tasteCardQueries.aromaSearch(api, useDeferredValue(aromaKeyword.trim()), drink));
  const noteProblem = problems.find((p) => p.field === 'TasteNote');
  const chosenCount = answers.notes.length;

  return (
    <div className="taste-notes">
      <WordPicker
        title={<Trans>Taste notes</Trans>}
        hint={
          <Plural
            value={chosenCount}
            one={`# note chosen · choose at least ${MIN_TASTE_NOTES}`}
            other={`# notes chosen · choose at least ${MIN_TASTE_NOTES}`}
          />
        }
        searchLabel={t`Find a taste note`}
        customLabel={t`A note of your own`}
        error={noteProblem ? i18n._(problemMessage(noteProblem)) : undefined}
        wheel={{
          loading: wheel.isPending,
          failed: wheel.isError,
          retry: () => void wheel.refetch(),
          families: wheel.data?.familyList ?? [],
          words: (wheel.data?.tasteNoteList ?? []).map((n) => ({ id: n.TasteNoteID, name: n.Name, icon: n.Icon, familyID: n.FamilyID })),
        }}
        keyword={noteKeyword}
        onKeyword={setNoteKeyword}
        found={{
          pending: noteSearch.isPending,
          words: (noteSearch.data?.tasteNoteList ?? []).map((n) => ({ id: n.TasteNoteID, name: n.Name, icon: n.Icon, familyID: n.FamilyID })),
        }}
        iconOf={iconOf}
        chosen={answers.notes}
        onToggle={(word) => actor.send({ type: 'TOGGLE_NOTE', note: { id: word.id, name: word.name, icon: word.icon } })}
        customs={answers.customNotes}
        onAddCustom={(word) => actor.send({ type: 'ADD_CUSTOM_NOTE', word })}
        onRemoveCustom={(word) => actor.send({ type: 'REMOVE_CUSTOM_NOTE', word })}
      />
      <WordPicker
        title={<Trans>Aromas</Trans>}
        hint={<Trans>Optional: what you smell, in the dry leaf, the cup or the smoke.</Trans>}
        searchLabel={t`Find an aroma`}
        customLabel={t`An aroma of your own`}
        error={undefined}
        wheel={{
          loading: aromaWheel.isPending,
          failed: aromaWheel.isError,
          retry: () => void aromaWheel.refetch(),
          families: aromaWheel.data?.familyList ?? [],
          words: (aromaWheel.data?.aromaList ?? []).map((a) => ({ id: a.AromaID, name: a.Name, icon: a.Icon, familyID: a.FamilyID })),
        }}
        keyword={aromaKeyword}
        onKeyword={setAromaKeyword}
        found={{
          pending: aromaSearch.isPending,
          words: (aromaSearch.data?.aromaList ?? []).map((a) => ({ id: a.AromaID, name: a.Name, icon: a.Icon, familyID: a.FamilyID })),
        }}
        iconOf={iconOf}
        chosen={answers.aromas}
        onToggle={(word) => actor.send({ type: 'TOGGLE_AROMA', aroma: { id: word.id, name: word.name, icon: word.icon } })}
        customs={answers.customAromas}
        onAddCustom={(word) => actor.send({ type: 'ADD_CUSTOM_AROMA', word })}
        onRemoveCustom={(word) => actor.send({ type: 'REMOVE_CUSTOM_AROMA', word })}
      />
    </div>
  );
}

function WordIcon({ src }: { src: string | undefined }) {
  return src ? <img src={src} alt="" width={20} height={20} className="taste-word-icon" /> : null;
}

/** Words grouped like a wheel: family chips choose a section; a search looks across all; chosen words removable; words of one's own. */
function WordPicker(props: {
  title: ReactNode;
  hint: ReactNode;
  searchLabel: string;
  customLabel: string;
  error: string | undefined;
  wheel: { loading: boolean; failed: boolean; retry: () => void; families: Family[]; words: Word[] };
  keyword: string;
  onKeyword: (keyword: string) => void;
  /** The words matching the keyword (searchTasteNote / search-aroma). */
  found: { pending: boolean; words: Word[] };
  iconOf: Map<string, string>;
  chosen: ChosenWord[];
  onToggle: (word: ChosenWord) => void;
  customs: string[];
  onAddCustom: (word: string) => void;
  onRemoveCustom: (word: string) => void;
}) {
  const { t } = useLingui();
  const pick = useBilingual();
  const id = useId();
  const deferred = useDeferredValue(props.keyword.trim());
  const [familyID, setFamilyID] = useState<string | undefined>(undefined);
  const [custom, setCustom] = useState('');
  const chosenIDs = new Set(props.chosen.map((w) => w.id));
  const family = familyID ?? props.wheel.families[0]?.FamilyID;
  const shownWords = deferred !== '' ? props.found.words : props.wheel.words.filter((w) => w.familyID === family);
  const addCustom = () => {
    if (custom.trim() === '') return;
    props.onAddCustom(custom);
    setCustom('');
  };

  return (
    <fieldset className="taste-picker" aria-describedby={`${id}-hint${props.error ? ` ${id}-error` : ''}`}>
      <legend className="taste-section-title">{props.title}</legend>
      <p id={`${id}-hint`} className="taste-hint">
        {props.hint}
      </p>
      {props.error && (
        <p id={`${id}-error`} className="field-error" role="alert">
          {props.error}
        </p>
      )}
      {(props.chosen.length > 0 || props.customs.length > 0) && (
        <ul className="word-list taste-chosen" aria-label={t`Chosen`}>
          {props.chosen.map((w) => (
            <li key={w.id}>
              <button type="button" className="word-chip chosen" onClick={() => props.onToggle(w)} aria-label={t`Remove ${pick(w.name)}`}>
                <WordIcon src={props.iconOf.get(w.icon)} />
                {pick(w.name)} <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
          {props.customs.map((w) => (
            <li key={`custom-${w}`}>
              <button type="button" className="word-chip chosen custom" onClick={() => props.onRemoveCustom(w)} aria-label={t`Remove ${w}`}>
                {w} <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="field">
        <label htmlFor={`${id}-search`}>{props.searchLabel}</label>
        <input id={`${id}-search`} type="search" value={props.keyword} onChange={(e) => props.onKeyword(e.target.value)} />
      </div>
      {deferred === '' && props.wheel.families.length > 0 && (
        <div className="taste-families" role="group" aria-label={t`Families`}>
          {props.wheel.families.map((f) => (
            <button key={f.FamilyID} type="button" className="word-chip family" aria-pressed={f.FamilyID === family} onClick={() => setFamilyID(f.FamilyID)}>
              <WordIcon src={props.iconOf.get(f.Icon)} />
              {pick(f.Name)}
            </button>
          ))}
        </div>
      )}
      {deferred === '' && props.wheel.loading ? (
        <p role="status">
          <Trans>Loading the wheel…</Trans>
        </p>
      ) : deferred === '' && props.wheel.failed ? (
        <RetryAlert onRetry={props.wheel.retry}>
          <Trans>The words could not be loaded.</Trans>
        </RetryAlert>
      ) : deferred !== '' && props.found.pending ? (
        <p role="status">
          <Trans>Searching…</Trans>
        </p>
      ) : shownWords.length === 0 ? (
        <p className="taste-empty" role="status">
          {deferred !== '' ? <Trans>Nothing matches “{deferred}”. Add it as a word of your own below.</Trans> : <Trans>No words here yet.</Trans>}
        </p>
      ) : (
        <ul className="word-list taste-words" aria-label={deferred !== '' ? t`Matches` : t`Words in this family`}>
          {shownWords.map((w) => (
            <li key={w.id}>
              <button type="button" className="word-chip" aria-pressed={chosenIDs.has(w.id)} onClick={() => props.onToggle(w)}>
                <WordIcon src={props.iconOf.get(w.icon)} />
                {pick(w.name)}
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="word-custom">
        <div className="field">
          <label htmlFor={`${id}-custom`}>{props.customLabel}</label>
          <input
            id={`${id}-custom`}
            value={custom}
            maxLength={30}
            disabled={props.customs.length >= MAX_CUSTOM_WORDS}
            onChange={(e) => setCustom(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                addCustom();
              }
            }}
          />
        </div>
        <button type="button" className="button" onClick={addCustom} disabled={props.customs.length >= MAX_CUSTOM_WORDS}>
          <Trans>Add</Trans>
        </button>
      </div>
    </fieldset>
  );
}
