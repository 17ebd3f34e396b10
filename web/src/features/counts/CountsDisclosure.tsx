import type { Ground, Team } from '@cull-log/contracts';
import { lazy, Suspense, useId, useState } from 'react';
import { Button } from '../../ui/Button';

/** The counts' code downloads when a ground's counts are first opened. */
const GroundCounts = lazy(() => import('./GroundCounts'));

/** A ground's counts and density, opened from its card; a team's ground (`team`) read and counted through the team. */
export function CountsDisclosure({ ground, team }: { ground: Ground; team?: Team }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <div className="counts-disclosure">
      <Button
        variant="secondary"
        aria-expanded={open}
        aria-controls={id}
        onPress={() => setOpen(!open)}
        aria-label={`${open ? 'Hide' : 'Show'} counts and density on ${ground.name}`}
      >
        {open ? 'Hide counts and density' : 'Counts and density'}
      </Button>
      <div id={id} hidden={!open}>
        {open ? (
          <Suspense fallback={<p className="muted">Loading counts...</p>}>
            <GroundCounts ground={ground} {...(team !== undefined && { team })} />
          </Suspense>
        ) : null}
      </div>
    </div>
  );
}
