import { Slider } from 'radix-ui';
import { useId, type HTMLAttributes, type ReactNode } from 'react';
import './sense-slider.css';

/**
 * One of the five senses as a slider (event surveys, taste cards): its name, its level in words beside it
 * (hidden from screen readers, which hear `valueText` on the thumb), and what the caller puts below.
 * The wrapper takes the caller's class and data attributes.
 */
export function SenseSlider(
  props: {
    name: string;
    levelText: string;
    valueText: string;
    value: number;
    min: number;
    max: number;
    onChange: (level: number) => void;
    children?: ReactNode;
  } & Omit<HTMLAttributes<HTMLDivElement>, 'onChange'>,
) {
  const { name, levelText, valueText, value, min, max, onChange, children, ...wrapper } = props;
  const id = useId();
  return (
    <div {...wrapper}>
      <div className="sense-head">
        <span id={id} className="sense-name">
          {name}
        </span>
        <span className="sense-level" aria-hidden="true">
          {levelText}
        </span>
      </div>
      <Slider.Root
        className="sense-slider"
        min={min}
        max={max}
        step={1}
        value={[value]}
        onValueChange={([level]) => level !== undefined && onChange(level)}
      >
        <Slider.Track className="sense-slider-track">
          <Slider.Range className="sense-slider-range" />
        </Slider.Track>
        <Slider.Thumb className="sense-slider-thumb" aria-labelledby={id} aria-valuetext={valueText} />
      </Slider.Root>
      {children}
    </div>
  );
}
