import type { DungCountResult } from '@cull-log/contracts';
import { figure } from './count-words';
import { WorkingSteps } from './WorkingSteps';

/** A dung count's density as the server worked it out: the figure, its formula and each step. */
export function DungResult({ dung, date }: { dung: DungCountResult; date: string }) {
  return (
    <div className="dung-result">
      <p className="dung-result__density">
        <strong>
          {dung.species}: {figure(dung.deer_per_km2)} deer per km²
        </strong>{' '}
        ({figure(dung.deer_per_hectare, 2)} per hectare)
      </p>
      <p className="dung-result__formula">{dung.formula}</p>
      <WorkingSteps steps={dung.working} label={`Working of the dung count of ${date}`} />
    </div>
  );
}
