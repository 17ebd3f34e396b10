import { useId } from 'react';

export interface ChoiceOption {
  id: string;
  label: string;
}

export interface ChoiceGroupProps {
  label: string;
  options: readonly (string | ChoiceOption)[];
  value: string;
  onChange(value: string): void;
  name: string;
  error?: string | undefined;
  isRequired?: boolean;
  isDisabled?: boolean;
  className?: string;
}

const toOption = (option: string | ChoiceOption): ChoiceOption =>
  typeof option === 'string' ? { id: option, label: option } : option;

/**
 * A short list of choices laid out as large buttons: one tap chooses, where a list would take two (open, then pick).
 * Native radio buttons in a fieldset, so the arrow keys move between them and a screen reader says "1 of 3". The
 * group's error is read with each choice.
 */
export function ChoiceGroup({
  label,
  options,
  value,
  onChange,
  name,
  error,
  isRequired,
  isDisabled,
  className,
}: ChoiceGroupProps) {
  const errorId = `${useId()}-error`;
  return (
    <fieldset
      className={['choice-group', className].filter(Boolean).join(' ')}
      data-invalid={error ? true : undefined}
      disabled={isDisabled}
    >
      <legend className="field__label">
        {label}
        {isRequired ? <span aria-hidden="true"> *</span> : null}
      </legend>
      <div className="choice-group__options">
        {options.map(toOption).map((option) => (
          <label key={option.id} className="choice-group__option">
            <input
              type="radio"
              className="choice-group__input"
              name={name}
              value={option.id}
              checked={value === option.id}
              onChange={() => onChange(option.id)}
              aria-required={isRequired || undefined}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
            />
            <span className="choice-group__text">{option.label}</span>
          </label>
        ))}
      </div>
      {error ? (
        <span id={errorId} className="field__error">
          {error}
        </span>
      ) : null}
    </fieldset>
  );
}
