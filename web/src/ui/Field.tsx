import { useId, type ReactNode } from 'react';

/** What a field's control needs to be named by its label and described by its hint and its error. */
export interface FieldControlProps {
  id: string;
  disabled: boolean | undefined;
  'aria-required': true | undefined;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

interface FieldProps {
  label: string;
  /** Visually hide the label (it still names the control). */
  hideLabel?: boolean | undefined;
  /** A hint under the control. */
  description?: string | undefined;
  error?: string | undefined;
  isRequired?: boolean | undefined;
  isDisabled?: boolean | undefined;
  className?: string | undefined;
  children(control: FieldControlProps): ReactNode;
}

/**
 * A labelled field around one native control: the label (with a required mark), the hint and the error under it,
 * all tied to the control. Validation is the form's job (shared zod schemas), so the browser's own checks are off
 * and `error` is shown under the field and announced with it.
 */
export function Field({
  label,
  hideLabel,
  description,
  error,
  isRequired,
  isDisabled,
  className,
  children,
}: FieldProps) {
  const id = useId();
  const descriptionId = `${id}-description`;
  const errorId = `${id}-error`;
  const describedBy = [description ? descriptionId : null, error ? errorId : null].filter(Boolean).join(' ');
  return (
    <div
      className={['field', className].filter(Boolean).join(' ')}
      data-invalid={error ? true : undefined}
      data-disabled={isDisabled ? true : undefined}
    >
      <label htmlFor={id} className={hideLabel ? 'visually-hidden' : 'field__label'}>
        {label}
        {isRequired ? <span aria-hidden="true"> *</span> : null}
      </label>
      {children({
        id,
        disabled: isDisabled,
        'aria-required': isRequired || undefined,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy || undefined,
      })}
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
