import { useId, type ReactNode } from 'react';

interface DeerCounterProps {
  /** What is counted, in words: "Roe Deer, female adult". */
  label: string;
  /** The number as typed: a whole number from the buttons, or what the box holds. */
  value: string;
  onChange(value: string): void;
  error?: string | undefined;
  /** Beside the buttons, at the end of the row: a line's own action. */
  children?: ReactNode;
}

const step = (value: string, by: number) => {
  const number = Number(value);
  const from = value.trim() === '' || !Number.isFinite(number) ? 0 : Math.floor(number);
  return String(Math.max(0, from + by));
};

/** A number of deer with large − and + buttons either side, for cold hands on a phone; the box can be typed in too. */
export function DeerCounter({ label, value, onChange, error, children }: DeerCounterProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="deer-counter" role="group" aria-labelledby={`${id}-label`}>
      <span id={`${id}-label`} className="deer-counter__label">
        {label}
      </span>
      <div className="deer-counter__controls">
        <button
          type="button"
          className="button button--secondary deer-counter__step"
          aria-label={`One fewer: ${label}`}
          onClick={() => onChange(step(value, -1))}
          disabled={value.trim() !== '' && Number(value) <= 0}
        >
          −
        </button>
        <input
          className="field__input deer-counter__input"
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          aria-label={`Number: ${label}`}
          aria-invalid={error === undefined ? undefined : true}
          aria-describedby={error === undefined ? undefined : errorId}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
        <button
          type="button"
          className="button button--secondary deer-counter__step"
          aria-label={`One more: ${label}`}
          onClick={() => onChange(step(value, 1))}
        >
          +
        </button>
        {children}
      </div>
      {error === undefined ? null : (
        <p id={errorId} className="field__error deer-counter__error">
          {error}
        </p>
      )}
    </div>
  );
}
