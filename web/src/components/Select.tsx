import { useId } from 'react';

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
 * get what they know, and a long form draws quickly. Validation is the form's job, as for text fields: `error` is
 * shown under the list and announced with it. Until something is chosen the list shows `placeholder`.
 */
export function Select({
  label,
  hideLabel,
  options,
  value,
  onChange,
  name,
  error,
  isRequired,
  isDisabled,
  placeholder = 'Select...',
  className,
}: SelectProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div
      className={['field', 'select', className].filter(Boolean).join(' ')}
      data-invalid={error ? true : undefined}
      data-disabled={isDisabled ? true : undefined}
    >
      <label htmlFor={id} className={hideLabel ? 'visually-hidden' : 'field__label'}>
        {label}
        {isRequired ? <span aria-hidden="true"> *</span> : null}
      </label>
      <select
        id={id}
        className="field__input select__input"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        name={name}
        disabled={isDisabled}
        aria-required={isRequired || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
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
      {error ? (
        <span id={errorId} className="field__error">
          {error}
        </span>
      ) : null}
    </div>
  );
}
