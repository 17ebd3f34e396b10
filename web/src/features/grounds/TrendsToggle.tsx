import type { Ground } from '@cull-log/contracts';
import { lazy, Suspense, useId, useState } from 'react';
import { Button } from '../../ui/Button';
import { StatusMessage } from '../../ui/StatusMessage';

/** The trends and their charts download, and are read, only when a ground's trends are opened. */
const GroundTrends = lazy(() => import('./GroundTrends'));

/** A ground's "Trends" button, which opens its trends beneath it; a team's ground (`teamId`) read through the team. */
export function TrendsToggle({ ground, teamId }: { ground: Ground; teamId?: string }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  return (
    <section className="ground-trends" aria-label={`Trends on ${ground.name}`}>
      <Button
        variant="secondary"
        className="ground-trends__toggle"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={`Trends on ${ground.name}`}
        onPress={() => setOpen(!open)}
      >
        Trends <span aria-hidden="true">{open ? '▴' : '▾'}</span>
      </Button>
      {open ? (
        <div id={panelId} className="ground-trends__panel">
          <Suspense fallback={<StatusMessage>Loading trends...</StatusMessage>}>
            <GroundTrends ground={ground} {...(teamId !== undefined && { teamId })} />
          </Suspense>
        </div>
      ) : null}
    </section>
  );
}
