import { sexLabel } from '@cull-log/domain';
import type { Cull } from '@cull-log/contracts';
import { CarcassDetails } from './CarcassDetails';
import { dashIfEmpty, formatDate, formatUkDate, formatUkTime, formatWeight, yesNo } from '../../lib/format';
import { Detail } from './Detail';

function formatCoordinates(cull: Cull): string {
  if (cull.latitude === undefined || cull.longitude === undefined) return '-';
  return `${cull.latitude.toFixed(6)}, ${cull.longitude.toFixed(6)}`;
}

function formatTimestamp(iso: string): string {
  const moment = new Date(iso);
  return `${formatUkDate(moment)} ${formatUkTime(moment)}`;
}

/** Every field of a record, read-only. Values are rendered as text, never as HTML. */
export function CullDetails({ cull }: { cull: Cull }) {
  return (
    <dl className="details">
      <Detail label="Date" value={formatDate(cull.date)} />
      <Detail label="Time" value={cull.time} />
      <Detail label="Location" value={cull.location_name} />
      <Detail label="Ground" value={dashIfEmpty(cull.ground_name)} />
      <Detail label="Grid reference" value={dashIfEmpty(cull.grid_ref)} />
      <Detail label="Coordinates" value={formatCoordinates(cull)} />
      <Detail label="Species" value={cull.species} />
      <Detail label="Sex" value={sexLabel(cull)} />
      <Detail label="Age estimate" value={cull.age_estimate} />
      <Detail label="Weight" value={formatWeight(cull.weight)} />
      <Detail label="Condition" value={cull.condition} />
      <Detail label="Condition notes" value={dashIfEmpty(cull.condition_notes)} />
      <Detail label="Antlers present" value={yesNo(cull.antlers_present)} />
      {cull.antlers_present ? (
        <>
          <Detail label="Antler points" value={dashIfEmpty(cull.antler_points)} />
          <Detail label="Antler condition" value={dashIfEmpty(cull.antler_condition)} />
        </>
      ) : null}
      <Detail label="Shot placement" value={cull.shot_placement} />
      <Detail label="Shot distance" value={dashIfEmpty(cull.shot_distance)} />
      <Detail label="Notes" value={dashIfEmpty(cull.notes)} />
      <CarcassDetails cull={cull} />
      <Detail label="Created" value={formatTimestamp(cull.created_at)} />
      <Detail label="Last updated" value={formatTimestamp(cull.updated_at)} />
    </dl>
  );
}
