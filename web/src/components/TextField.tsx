import { useId, type InputHTMLAttributes } from 'react';

export interface TextFieldProps {
  label: string;
  value: string;
  onChange(value: string): void;
  name?: string;
  error?: string | undefined;
  description?: string;
  type?: 'text' | 'email' | 'search' | 'date' | 'time' | 'number';
  isRequired?: boolean;
  isDisabled?: boolean;
  multiline?: boolean;
  placeholder?: string;
  autoComplete?: string;
  /** Attributes for number inputs: their steps and minimums. */
  step?: InputHTMLAttributes<HTMLInputElement>['step'];
  min?: InputHTMLAttributes<HTMLInputElement>['min'];
  max?: InputHTMLAttributes<HTMLInputElement>['max'];
  inputMode?: InputHTMLAttributes<HTMLInputElement>['inputMode'];
  className?: string;
}

/**
 * A labelled text input. Validation is the form's job (shared zod schemas), so the browser's own
 * checks are off and `error` is shown under the field and announced with it.
 */
export function TextField({
  label,
  value,
  onChange,
  name,
  error,
  description,
  type = 'text',
  isRequired,
  isDisabled,
  multiline,
  placeholder,
  autoComplete,
  step,
  min,
  max,
  inputMode,
  className,
}: TextFieldProps) {
  const id = useId();
  const descriptionId = `${id}-description`;
  const errorId = `${id}-error`;
  const describedBy = [description ? descriptionId : null, error ? errorId : null].filter(Boolean).join(' ');
  const shared = {
    id,
    className: multiline ? 'field__input field__input--multiline' : 'field__input',
    value,
    name,
    placeholder,
    disabled: isDisabled,
    autoComplete,
    'aria-required': isRequired || undefined,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy || undefined,
  };
  return (
    <div
      className={['field', className].filter(Boolean).join(' ')}
      data-invalid={error ? true : undefined}
      data-disabled={isDisabled ? true : undefined}
    >
      <label htmlFor={id} className="field__label">
        {label}
        {isRequired ? <span aria-hidden="true"> *</span> : null}
      </label>
      {multiline ? (
        <textarea {...shared} rows={3} onChange={(event) => onChange(event.target.value)} />
      ) : (
        <input
          {...shared}
          type={type}
          step={step}
          min={min}
          max={max}
          inputMode={inputMode}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
      {description ? (
        <span id={descriptionId} className="field__description">
          {description}
        </span>
      ) : null}
      {error ? (
        <span id={errorId} className="field__error">
          {error}
        </span>
      ) : null}
    </div>
  );
}
