import { useId } from 'react';

export interface SegmentedOption<T extends string> {
  label: string;
  value: T;
}

/**
 * A list's filter with antd's Segmented look, without antd (#34: the Reviews and Q&A tabs' first
 * screen draws none): native radio buttons in a `radiogroup` named `label` (arrow keys move the
 * choice, as antd's do), each option's label the visible segment (admin.css `.cp-admin-segmented`).
 */
export function SegmentedFilter<T extends string>({
  label,
  options,
  value,
  onChange,
}: {
  label: string;
  options: ReadonlyArray<SegmentedOption<T>>;
  value: T;
  onChange: (value: T) => void;
}) {
  const name = useId();
  return (
    <div role="radiogroup" aria-label={label} className="cp-admin-segmented">
      {options.map((option) => {
        const selected = option.value === value;
        return (
          <label
            key={option.value}
            className={selected ? 'cp-admin-segmented-item is-selected' : 'cp-admin-segmented-item'}
          >
            <input
              type="radio"
              className="cp-admin-segmented-input"
              name={name}
              value={option.value}
              checked={selected}
              onChange={() => onChange(option.value)}
            />
            <span className="cp-admin-segmented-label">{option.label}</span>
          </label>
        );
      })}
    </div>
  );
}
