import { RadioGroup } from 'radix-ui';

export interface Choice<V extends string> {
  value: V;
  label: string;
  /** Language of the label, when it is not the page's. */
  lang?: string;
}

/** A single choice among a few, as large touch-friendly radio rows. */
export function ChoiceList<V extends string>(props: {
  label: string;
  value: V | undefined;
  choices: readonly Choice<V>[];
  onChoose: (value: V) => void;
}) {
  return (
    <RadioGroup.Root
      className="choice-list"
      value={props.value}
      onValueChange={(value) => props.onChoose(value as V)}
      aria-label={props.label}
    >
      {props.choices.map((c) => (
        <label key={c.value} className="choice" lang={c.lang}>
          <RadioGroup.Item value={c.value} className="choice-radio">
            <RadioGroup.Indicator className="choice-dot" />
          </RadioGroup.Item>
          {c.label}
        </label>
      ))}
    </RadioGroup.Root>
  );
}
