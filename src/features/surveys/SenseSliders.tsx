import { Trans, useLingui } from '@lingui/react/macro';
import type { Sense } from '../../../machines/event-survey/event-survey.types.ts';
import { FIVE_SENSES, TASTE_LEVEL_MAX, TASTE_LEVEL_MIN, TASTE_LEVEL_START } from '../../../machines/event-survey/event-survey.types.ts';
import { SenseSlider } from '../../ui/SenseSlider.tsx';
import { SENSE_NAMES } from '../../ui/taste-words.ts';
import { LEVEL_WORDS } from './survey-words.ts';

/**
 * FiveSenses: a slider per sense, 1 to 5, the level in words. Untouched, the question is unanswered; moving one
 * sense answers it, the others taking the middle level until moved.
 */
export function SenseSliders(props: { levels: Partial<Record<Sense, number>> | undefined; onChange: (levels: Record<Sense, number>) => void }) {
  const { i18n, t } = useLingui();
  const set = props.levels !== undefined && Object.keys(props.levels).length > 0;
  const words = (n: number) => i18n._(LEVEL_WORDS[n] ?? LEVEL_WORDS[TASTE_LEVEL_START]!);
  return (
    <div className="survey-senses">
      {!set && (
        <p className="survey-hint">
          <Trans>Not rated yet: move a slider to rate.</Trans>
        </p>
      )}
      {FIVE_SENSES.map((sense) => {
        const level = props.levels?.[sense];
        const text = level === undefined ? t`Not rated` : `${level} · ${words(level)}`;
        return (
          <SenseSlider
            key={sense}
            className="survey-sense"
            data-set={level !== undefined}
            name={i18n._(SENSE_NAMES[sense])}
            levelText={text}
            valueText={text}
            value={level ?? TASTE_LEVEL_START}
            min={TASTE_LEVEL_MIN}
            max={TASTE_LEVEL_MAX}
            onChange={(moved) => {
              const all = Object.fromEntries(FIVE_SENSES.map((s) => [s, props.levels?.[s] ?? TASTE_LEVEL_START])) as Record<Sense, number>;
              props.onChange({ ...all, [sense]: moved });
            }}
          />
        );
      })}
    </div>
  );
}
