import { Button } from '../../ui/Button';

export interface SightingStepperProps {
  /** What is counted, in full: the buttons are named for it ("One more: Roe Deer, Female, Adult"). */
  name: string;
  value: number;
  min: number;
  max: number;
  onStep(by: 1 | -1): void;
}

/** A number changed by large − and + buttons, big enough for a cold thumb. */
export function SightingStepper({ name, value, min, max, onStep }: SightingStepperProps) {
  return (
    <div className="sighting-stepper" role="group" aria-label={name}>
      <Button
        variant="secondary"
        className="sighting-stepper__button"
        aria-label={`One fewer: ${name}`}
        isDisabled={value <= min}
        onPress={() => onStep(-1)}
      >
        −
      </Button>
      <output className="sighting-stepper__value" aria-live="polite">
        {value}
      </output>
      <Button
        variant="secondary"
        className="sighting-stepper__button"
        aria-label={`One more: ${name}`}
        isDisabled={value >= max}
        onPress={() => onStep(1)}
      >
        +
      </Button>
    </div>
  );
}
