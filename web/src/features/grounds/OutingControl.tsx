import type { Ground } from '@cull-log/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../api/client';
import { refreshAfter } from '../../api/keys';
import { amendOuting, startOuting, groundsQuery, outingsQuery } from './api';
import { useDeferredQuery } from '../../ui/useDeferredQuery';
import { useOnline } from '../../api/useOnline';
import { groundAt } from '../../lib/geo';
import { randomUuid } from '../../lib/uuid';
import { Button } from '../../ui/Button';
import { ButtonLink } from '../../ui/ButtonLink';
import { groundName, outingTime } from './outing-words';
import { OutingSightings } from './OutingSightings';
import { Select } from '../../ui/Select';

/** Asks the phone where it is, once, and answers the ground there (if any). */
function locateGround(grounds: readonly Ground[], found: (ground: Ground) => void) {
  if (typeof navigator === 'undefined' || !('geolocation' in navigator)) return;
  navigator.geolocation.getCurrentPosition(
    ({ coords }) => {
      const ground = groundAt(coords.latitude, coords.longitude, grounds);
      if (ground) found(ground);
    },
    () => undefined,
    { enableHighAccuracy: true, timeout: 15_000, maximumAge: 60_000 },
  );
}

/**
 * "Start outing" / "End outing": the open outing with its ground and start time, or a start that asks for the
 * ground (the one the phone is on, when it can tell). Outings are started and ended with a signal; the culls
 * recorded during one are saved offline as ever.
 */
export function OutingControl({ compact = false }: { compact?: boolean }) {
  const queryClient = useQueryClient();
  const online = useOnline();
  const outings = useDeferredQuery(outingsQuery());
  const grounds = useDeferredQuery(groundsQuery());
  const [choosing, setChoosing] = useState(false);
  const [groundId, setGroundId] = useState('');
  const [outingId, setOutingId] = useState(randomUuid);
  const active = (grounds.data ?? []).filter((ground) => !ground.archived);

  const refresh = () => refreshAfter(queryClient, 'outing');
  const start = useMutation({
    mutationFn: () => startOuting({ id: outingId, ground_id: groundId }),
    onSuccess: async () => {
      setChoosing(false);
      setOutingId(randomUuid());
      await refresh();
    },
  });
  const end = useMutation({
    mutationFn: (id: string) => amendOuting(id, { ended_at: new Date().toISOString() }),
    onSuccess: refresh,
  });

  const open = outings.data?.open ?? null;
  const offline = online ? null : <p className="form__hint">Outings start and end when there is a signal.</p>;
  const failure = start.error ?? end.error;

  // Compact (beside the dashboard's season), it shows only once it has something to offer, so nothing moves for it;
  // the Grounds screen says why outings could not be read.
  if (outings.isPending || grounds.isPending)
    return compact ? null : <p className="muted">Loading outings...</p>;
  if (outings.isError) {
    if (compact) return null;
    return <p className="form-error">Outings could not be loaded: {errorMessage(outings.error)}</p>;
  }

  let body;
  if (open) {
    body = (
      <>
        <p className="outing-control__status">
          Outing at <strong>{groundName(open.ground_id, grounds.data)}</strong> since{' '}
          {outingTime(open.started_at)}
          {open.cull_count > 0 ? ` · ${open.cull_count === 1 ? '1 cull' : `${open.cull_count} culls`}` : ''}
        </p>
        <Button variant="secondary" onPress={() => end.mutate(open.id)} isDisabled={!online || end.isPending}>
          {end.isPending ? 'Ending...' : 'End outing'}
        </Button>
        <OutingSightings key={open.id} outing={open} defaultOpen={!compact} />
      </>
    );
  } else if (active.length === 0) {
    body = (
      <ButtonLink to="/grounds" variant="secondary">
        Add a ground for outings
      </ButtonLink>
    );
  } else if (!choosing) {
    body = (
      <Button
        onPress={() => {
          start.reset();
          setChoosing(true);
          setGroundId((current) => current || (active.length === 1 ? (active[0]?.id ?? '') : ''));
          locateGround(active, (ground) => setGroundId((current) => current || ground.id));
        }}
        isDisabled={!online}
      >
        Start outing
      </Button>
    );
  } else {
    body = (
      <>
        <Select
          label="Ground"
          name="outing_ground"
          options={active.map((ground) => ({ id: ground.id, label: ground.name }))}
          value={groundId}
          onChange={setGroundId}
          isRequired
        />
        <div className="outing-control__actions">
          <Button variant="secondary" onPress={() => setChoosing(false)}>
            Cancel
          </Button>
          <Button onPress={() => start.mutate()} isDisabled={groundId === '' || !online || start.isPending}>
            {start.isPending ? 'Starting...' : 'Start'}
          </Button>
        </div>
      </>
    );
  }

  return (
    <div className="outing-control" role="group" aria-label="Outing">
      {body}
      {offline}
      {failure ? (
        <p className="form-error" role="alert">
          {errorMessage(failure)}
        </p>
      ) : null}
    </div>
  );
}
