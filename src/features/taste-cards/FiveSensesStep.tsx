import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { Slider } from 'radix-ui';
import { useId } from 'react';
import * as select from '../../../machines/taste-card/taste-card.selectors.ts';
import { FIVE_SENSES, TASTE_LEVEL_MAX, TASTE_LEVEL_MIN, type Sense } from '../../../machines/taste-card/taste-card.types.ts';
import { useTasteCardFlow } from './flow-context.ts';
import { LEVEL_WORDS, problemMessage, SENSE_NAMES } from './taste-card-words.ts';

/** Step 1: a slider for each of the five senses, 1 to 5, with the level in words. */
export function FiveSensesStep() {
  const actor = useTasteCardFlow();
  const levels = useSelector(actor, (s) => select.answers(s).fiveSenses);
  const problems = useSelector(actor, select.shownProblems);
  const { i18n } = useLingui();
  return (
    <div className="taste-senses">
      <p className="taste-hint">
        <Trans>How strong is each taste? Slide from 1 (barely there) to 5 (intense).</Trans>
      </p>
      {FIVE_SENSES.map((sense) => (
        <SenseSlider
          key={sense}
          sense={sense}
          level={levels[sense]}
          problem={problems.find((p) => p.field === sense)}
          onChange={(level) => actor.send({ type: 'SET_LEVEL', sense, level })}
          words={(n) => i18n._(LEVEL_WORDS[n] ?? LEVEL_WORDS[3]!)}
          name={i18n._(SENSE_NAMES[sense])}
        />
      ))}
    </div>
  );
}

function SenseSlider(props: {
  sense: Sense;
  level: number;
  name: string;
  words: (n: number) => string;
  problem: { field: string } | undefined;
  onChange: (level: number) => void;
}) {
  const id = useId();
  const { i18n } = useLingui();
  const inRange = props.level >= TASTE_LEVEL_MIN && props.level <= TASTE_LEVEL_MAX;
  const shown = inRange ? props.level : 3;
  return (
    <div className="taste-sense" data-invalid={props.problem !== undefined}>
      <div className="taste-sense-head">
        <span id={id} className="taste-sense-name">
          {props.name}
        </span>
        <span className="taste-sense-level" aria-hidden="true">
          {inRange ? `${props.level} · ${props.words(props.level)}` : '—'}
        </span>
      </div>
      <Slider.Root
        className="taste-slider"
        min={TASTE_LEVEL_MIN}
        max={TASTE_LEVEL_MAX}
        step={1}
        value={[shown]}
        onValueChange={([value]) => value !== undefined && props.onChange(value)}
      >
        <Slider.Track className="taste-slider-track">
          <Slider.Range className="taste-slider-range" />
        </Slider.Track>
        <Slider.Thumb className="taste-slider-thumb" aria-labelledby={id} aria-valuetext={`${shown} · ${props.words(shown)}`} />
      </Slider.Root>
      {props.problem && (
        <p className="field-error" role="alert">
          {i18n._(problemMessage({ field: props.sense, code: 'outOfRange' }))}
        </p>
      )}
    </div>
  );
}
