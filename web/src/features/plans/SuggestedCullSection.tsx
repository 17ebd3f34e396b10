import { lazy, Suspense, useState } from 'react';
import { Button } from '../../ui/Button';
import { StatusMessage } from '../../ui/StatusMessage';

/** The suggested cull's code downloads, and its reads are made, when the manager opens it. */
const SuggestedCull = lazy(() => import('./SuggestedCull'));

interface SuggestedCullSectionProps {
  season: string;
  /** A team's plan (its managers'): one of the team's grounds, from its members' counts. */
  teamId?: string;
  onAccepted(groundId: string): void;
}

/** A cull worked out from a ground's counts, opened from the plan's screen. */
export function SuggestedCullSection({ season, teamId, onAccepted }: SuggestedCullSectionProps) {
  const [open, setOpen] = useState(false);
  return (
    <section className="card" aria-labelledby="suggested-cull-heading">
      <h2 id="suggested-cull-heading">Suggested cull</h2>
      {open ? (
        <Suspense fallback={<StatusMessage>Loading the suggested cull...</StatusMessage>}>
          <SuggestedCull season={season} onAccepted={onAccepted} {...(teamId !== undefined && { teamId })} />
        </Suspense>
      ) : (
        <>
          <p className="muted">
            A cull for one of {teamId === undefined ? 'your' : 'the team’s'} grounds worked out from its
            latest count, a target density and each species’ recruitment, with the arithmetic shown; accepted,
            it becomes the ground’s plan for the season.
          </p>
          <Button variant="secondary" onPress={() => setOpen(true)}>
            Suggest a cull from the counts
          </Button>
        </>
      )}
    </section>
  );
}
