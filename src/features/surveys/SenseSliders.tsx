import { Trans, useLingui } from '@lingui/react/macro';
import { Slider } from 'radix-ui';
import { useId, type ReactNode } from 'react';
import type { Sense } from '../../../machines/event-survey/event-survey.types.ts';
import { FIVE_SENSES, TASTE_LEVEL_MAX, TASTE_LEVEL_MIN, TASTE_LEVEL_START } from '../../../machines/event-survey/event-survey.types.ts';
import { SENSE_NAMES } from '../../ui/taste-words.ts';
import { LEVEL_WORDS } from './survey-words.ts';

/**
 * FiveSenses: a slider per sense, 1 to 5, the level in words. Untouched, the question is unanswered; moving one
 * sense answers it, the others taking the middle level until moved.
 */
export function SenseSliders(props: { levels: Partial<Record<Sense, number>> | undefined; onChange: (levels: Record<Sense, number>) => void }) {
  const { i18n } = useLingui();
  const set = props.levels !== undefined && Object.keys(props.levels).length > 0;
  const words = (n: number) => i18n._(LEVEL_WORDS[n] ?? LEVEL_WORDS[TASTE_LEVEL_START]!);
  return (
    <div className="survey-senses">
      {!set && (
        <p className="survey-hint">
          <Trans>Not rated yet: move a slider to rate.</Trans>
        </p>
      )}
      {FIVE_SENSES.map((sense) => (
        <SenseSlider
          key={sense}
          name={i18n._(SENSE_NAMES[sense])}
          level={props.levels?.[sense]}
          words={words}
          onChange={(level) => {
            const all = Object.fromEntries(FIVE_SENSES.map((s) => [s, props.levels?.[s] ?? TASTE_LEVEL_START])) as Record<Sense, number>;
            props.onChange({ ...all, [sense]: level });
          }}
        />
      ))}
    </div>
  );
}

function SenseSlider(props: { name: string; level: number | undefined; words: (n: number) => string; onChange: (level: number) => void }) {
  const { t } = useLingui();
  const id = useId();
  const shown = props.level ?? TASTE_LEVEL_START;
  const text: ReactNode = props.level === undefined ? t`Not rated` : `${props.level} · ${props.words(props.level)}`;
  return (
    <div className="survey-sense" data-set={props.level !== undefined}>
      <div className="survey-sense-head">
        <span id={id} className="survey-sense-name">
          {props.name}
        </span>
        <span className="survey-sense-level" aria-hidden="true">
          {text}
        </span>
      </div>
      <Slider.Root
        className="survey-slider"
        min={TASTE_LEVEL_MIN}
        max={TASTE_LEVEL_MAX}
        step={1}
        value={[shown]}
        onValueChange={([value]) => value !== undefined && props.onChange(value)}
      >
        <Slider.Track className="survey-slider-track">
          <Slider.Range className="survey-slider-range" />
        </Slider.Track>
        <Slider.Thumb
          className="survey-slider-thumb"
          aria-labelledby={id}
          aria-valuetext={props.level === undefined ? t`Not rated` : `${props.level} · ${props.words(props.level)}`}
        />
      </Slider.Root>
    </div>
  );
}

