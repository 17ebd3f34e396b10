import type { WorkingStep } from '@cull-log/contracts';

/** Arithmetic shown a step a line: what is worked out, how, and what it comes to. */
export function WorkingSteps({ steps, label }: { steps: readonly WorkingStep[]; label: string }) {
  return (
    <ol className="working-steps" aria-label={label}>
      {steps.map((step, index) => (
        <li key={`${index}|${step.label}`} className="working-steps__step">
          <span className="working-steps__label">{step.label}</span>
          <span className="working-steps__sum">
            {step.formula} = <strong>{step.result}</strong>
          </span>
        </li>
      ))}
    </ol>
  );
}
