import { useId } from 'react';

/**
 * One choice out of a few, as native radio buttons drawn as large tiles (antd-mobile's
 * Selector options cannot be reached by keyboard). Works as an antd Form control.
 */
export function ChoiceGroup<V extends string>({
  options,
  value,
  onChange,
  label,
  columns = 2,
}: {
  options: { label: string; value: V }[];
  value?: V | null;
  onChange?: (value: V) => void;
  label: string;
  columns?: number;
}) {
  const name = useId();
  return (
    <div
      role="radiogroup"
      aria-label={label}
      className="choice-group"
      style={{ gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` }}
    >
      {options.map((option) => (
        <label key={option.value} className={`choice${value === option.value ? ' choice-checked' : ''}`}>
          <input
            type="radio"
            name={name}
            value={option.value}
            checked={value === option.value}
            onChange={() => onChange?.(option.value)}
          />
          <span>{option.label}</span>
        </label>
      ))}
    </div>
  );
}
