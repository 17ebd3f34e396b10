import {
  DEER_MANAGEMENT_LIMITS,
  type Outing,
  type SightingItem,
  type SightingPlace as Place,
} from '@cull-log/contracts';
import { useState } from 'react';
import { SYNC_STATE_LABELS, useSyncState } from '../../api/outbox/sync-status';
import { useSession } from '../../api/useSession';
import { Button } from '../../ui/Button';
import { SightingAddForm } from './SightingAddForm';
import { readRecentSpecies, rememberSpecies, type Species } from './sighting-species';
import { SightingPlace } from './SightingPlace';
import { SightingStepper } from './SightingStepper';
import { lineKey, sightingKind, sightingName, sightingsSummary } from './sighting-words';
import { useOutingSightings, type SightingsEntry } from './useOutingSightings';

const LIMITS = DEER_MANAGEMENT_LIMITS;

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** One more (or fewer) of a line, never below none. */
function stepLine(entry: SightingsEntry, key: string, by: 1 | -1): SightingsEntry {
  const lines = (entry.sightings ?? []).map((line) =>
    lineKey(line) === key ? { ...line, count: clamp(line.count + by, 0, LIMITS.countMax) } : line,
  );
  return { ...entry, sightings: lines };
}

/** A line's place marked, or cleared (undefined). */
function placeLine(entry: SightingsEntry, key: string, place: Place | undefined): SightingsEntry {
  const lines = (entry.sightings ?? []).map((line) => {
    if (lineKey(line) !== key) return line;
    if (place !== undefined) return { ...line, place };
    const unplaced = { ...line };
    delete unplaced.place;
    return unplaced;
  });
  return { ...entry, sightings: lines };
}

/** A new line of one deer, first in the list; a line already there gets one more. */
function addLine(entry: SightingsEntry, added: Omit<SightingItem, 'count'>): SightingsEntry {
  const lines = entry.sightings ?? [];
  const key = lineKey(added);
  if (lines.some((line) => lineKey(line) === key)) return stepLine(entry, key, 1);
  if (lines.length >= LIMITS.itemsMax) return entry;
  return { ...entry, sightings: [{ ...added, count: 1 }, ...lines] };
}

/**
 * "Deer seen" on an outing: a counter for each species, sex and age class with large − and + buttons, a quick way to
 * add a line (the species used last come first), the people out, and "Nothing seen" for a blank outing. Every tap is
 * kept on the device at once and sent when there is a signal.
 */
export function OutingSightings({ outing, defaultOpen = false }: { outing: Outing; defaultOpen?: boolean }) {
  const session = useSession();
  const uid = session.user?.uid;
  const { entry, change, problem } = useOutingSightings(outing);
  const syncState = useSyncState(outing.id);
  const [isOpen, setIsOpen] = useState(defaultOpen);
  const [recent, setRecent] = useState<Species[] | undefined>();
  const lines = entry.sightings ?? [];
  const seen = lines.reduce((total, line) => total + line.count, 0);
  const nothingSeen = entry.sightings !== null && seen === 0;

  return (
    <div className="sightings-row">
      <details className="sightings" open={isOpen} onToggle={(event) => setIsOpen(event.currentTarget.open)}>
        <summary className="sightings__summary">
          <span className="sightings__title">Deer seen</span>{' '}
          <span className="sightings__figures">{sightingsSummary(entry.hunters, entry.sightings)}</span>
          {syncState ? (
            <span className={`sync-badge sync-badge--${syncState}`}>{SYNC_STATE_LABELS[syncState]}</span>
          ) : null}
        </summary>
        {isOpen ? (
          <div className="sightings__body">
            {lines.length > 0 ? (
              <ul className="sightings__lines" aria-label="Deer seen by species, sex and age class">
                {lines.map((line) => (
                  <li key={lineKey(line)} className="sightings__line">
                    <span className="sightings__what">
                      <strong>{line.species}</strong>
                      <span className="sightings__kind">{sightingKind(line)}</span>
                    </span>
                    <SightingStepper
                      name={sightingName(line)}
                      value={line.count}
                      min={0}
                      max={LIMITS.countMax}
                      onStep={(by) => change((current) => stepLine(current, lineKey(line), by))}
                    />
                    <SightingPlace
                      name={sightingName(line)}
                      place={line.place}
                      onPlace={(place) => change((current) => placeLine(current, lineKey(line), place))}
                    />
                  </li>
                ))}
              </ul>
            ) : null}
            {recent ? (
              <SightingAddForm
                recent={recent}
                onCancel={() => setRecent(undefined)}
                onAdd={(added) => {
                  rememberSpecies(uid, added.species);
                  change((current) => addLine(current, added));
                  setRecent(undefined);
                }}
              />
            ) : (
              <div className="sightings__actions">
                <Button onPress={() => setRecent(readRecentSpecies(uid))}>Add deer seen</Button>
                {nothingSeen ? (
                  <p className="sightings__nothing" role="status">
                    Recorded: nothing seen
                  </p>
                ) : seen === 0 ? (
                  <Button
                    variant="secondary"
                    onPress={() => change((current) => ({ ...current, sightings: [] }))}
                  >
                    Nothing seen
                  </Button>
                ) : null}
              </div>
            )}
            <div className="sightings__line sightings__hunters">
              <span className="sightings__what">
                <strong>People out</strong>
                <span className="sightings__kind">Stalkers on the outing</span>
              </span>
              <SightingStepper
                name="People out"
                value={entry.hunters}
                min={1}
                max={LIMITS.huntersMax}
                onStep={(by) =>
                  change((current) => ({
                    ...current,
                    hunters: clamp(current.hunters + by, 1, LIMITS.huntersMax),
                  }))
                }
              />
            </div>
            {problem ? (
              <p className="form-error" role="alert">
                {problem}
              </p>
            ) : null}
          </div>
        ) : null}
      </details>
    </div>
  );
}
