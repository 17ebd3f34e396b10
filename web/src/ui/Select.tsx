import { Field } from './Field';

export interface SelectOption {
  id: string;
  label: string;
}

export interface SelectProps {
  label: string;
  /** Visually hide the label (it still names the control). */
  hideLabel?: boolean;
  options: readonly (string | SelectOption)[];
  value: string;
  onChange(value: string): void;
  name?: string;
  /** A hint under the list. */
  description?: string;
  error?: string | undefined;
  isRequired?: boolean;
  isDisabled?: boolean;
  placeholder?: string;
  className?: string;
}

const toOption = (option: string | SelectOption): SelectOption =>
  typeof option === 'string' ? { id: option, label: option } : option;

/**
 * A labelled choice list: the browser's own, so a phone opens its own large picker, the keyboard and screen readers
 * get what they know, and a long form draws quickly. Until something is chosen the list shows `placeholder`.
 */
export function Select({
  label,
  hideLabel,
  options,
  value,
  onChange,
  name,
  description,
  error,
  isRequired,
  isDisabled,
  placeholder = 'Select...',
  className,
}: SelectProps) {
  return (
    <Field
      label={label}
      hideLabel={hideLabel}
      description={description}
      error={error}
      isRequired={isRequired}
      isDisabled={isDisabled}
      className={['select', className].filter(Boolean).join(' ')}
    >
      {(control) => (
        <select
          {...control}
          className="field__input select__input"
          value={value}
          onChange={(event) => onChange(event.target.value)}
          name={name}
        >
          {value === '' ? (
            <option value="" disabled>
              {placeholder}
            </option>
          ) : null}
          {options.map(toOption).map((option) => (
            <option key={option.id} value={option.id}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
