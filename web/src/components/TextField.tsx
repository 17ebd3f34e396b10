import {
  FieldError,
  Input,
  Label,
  Text,
  TextArea,
  TextField as AriaTextField,
  type InputProps,
} from 'react-aria-components';

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
  step?: InputProps['step'];
  min?: InputProps['min'];
  max?: InputProps['max'];
  inputMode?: InputProps['inputMode'];
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
  return (
    <AriaTextField
      className={['field', className].filter(Boolean).join(' ')}
      value={value}
      onChange={onChange}
      {...(name ? { name } : {})}
      type={type}
      isRequired={isRequired ?? false}
      isDisabled={isDisabled ?? false}
      isInvalid={Boolean(error)}
      validationBehavior="aria"
      {...(autoComplete ? { autoComplete } : {})}
    >
      <Label className="field__label">
        {label}
        {isRequired ? <span aria-hidden="true"> *</span> : null}
      </Label>
      {multiline ? (
        <TextArea className="field__input field__input--multiline" placeholder={placeholder} rows={3} />
      ) : (
        <Input
          className="field__input"
          placeholder={placeholder}
          step={step}
          min={min}
          max={max}
          inputMode={inputMode}
        />
      )}
      {description ? (
        <Text slot="description" className="field__description">
          {description}
        </Text>
      ) : null}
      <FieldError className="field__error">{error}</FieldError>
    </AriaTextField>
  );
}
