import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import * as select from '../../../machines/taste-card/taste-card.selectors.ts';
import { FIVE_SENSES, TASTE_LEVEL_MAX, TASTE_LEVEL_MIN } from '../../../machines/taste-card/taste-card.types.ts';
import { SenseSlider } from '../../ui/SenseSlider.tsx';
import { useTasteCardFlow } from './flow-context.ts';
import { LEVEL_WORDS, problemMessage, SENSE_NAMES } from './taste-card-words.ts';

/** Step 1: a slider for each of the five senses, 1 to 5, with the level in words. */
export function FiveSensesStep() {
  const actor = useTasteCardFlow();
  const levels = useSelector(actor, (s) => select.answers(s).fiveSenses);
  const problems = useSelector(actor, select.shownProblems);
  const { i18n } = useLingui();
  const words = (n: number) => i18n._(LEVEL_WORDS[n] ?? LEVEL_WORDS[3]!);
  return (
    <div className="taste-senses">
      <p className="taste-hint">
        <Trans>How strong is each taste? Slide from 1 (barely there) to 5 (intense).</Trans>
      </p>
      {FIVE_SENSES.map((sense) => {
        const level = levels[sense];
        const inRange = level >= TASTE_LEVEL_MIN && level <= TASTE_LEVEL_MAX;
        const shown = inRange ? level : 3;
        const problem = problems.find((p) => p.field === sense);
        return (
          <SenseSlider
            key={sense}
            className="taste-sense"
            data-invalid={problem !== undefined}
            name={i18n._(SENSE_NAMES[sense])}
            levelText={inRange ? `${level} · ${words(level)}` : '—'}
            valueText={`${shown} · ${words(shown)}`}
            value={shown}
            min={TASTE_LEVEL_MIN}
            max={TASTE_LEVEL_MAX}
            onChange={(moved) => actor.send({ type: 'SET_LEVEL', sense, level: moved })}
          >
            {problem && (
              <p className="field-error" role="alert">
                {i18n._(problemMessage({ field: sense, code: 'outOfRange' }))}
              </p>
            )}
          </SenseSlider>
        );
      })}
    </div>
  );
}
