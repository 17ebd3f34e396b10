import type { InputHTMLAttributes } from 'react';
import { Field } from './Field';

export interface TextFieldProps {
  label: string;
  value: string;
  onChange(value: string): void;
  /** When the user leaves the field: for what should follow only once the typing is done. */
  onBlur?(): void;
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

/** A labelled text input, or a text area. */
export function TextField({
  label,
  value,
  onChange,
  onBlur,
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
  const shared = {
    className: multiline ? 'field__input field__input--multiline' : 'field__input',
    value,
    name,
    placeholder,
    autoComplete,
    onChange: (event: { target: { value: string } }) => onChange(event.target.value),
    onBlur,
  };
  return (
    <Field
      label={label}
      description={description}
      error={error}
      isRequired={isRequired}
      isDisabled={isDisabled}
      className={className}
    >
      {(control) =>
        multiline ? (
          <textarea {...control} {...shared} rows={3} />
        ) : (
          <input {...control} {...shared} type={type} step={step} min={min} max={max} inputMode={inputMode} />
        )
      }
    </Field>
  );
}
