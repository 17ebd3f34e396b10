import type { SightingPlace as Place } from '@cull-log/contracts';
import { useState } from 'react';
import { Button } from '../../ui/Button';
import { locationFailure } from '../../lib/location-failure';

export interface SightingPlaceProps {
  /** The line, in full: the buttons are named for it ("Mark where: Roe Deer, Female, Adult"). */
  name: string;
  place: Place | undefined;
  onPlace(place: Place | undefined): void;
}

type Locating = { status: 'idle' | 'locating' } | { status: 'failed'; reason: string };

/** Six places of a degree: about 10 cm, finer than any phone knows. */
const rounded = (degrees: number) => Number(degrees.toFixed(6));

/**
 * Where a line of deer was seen: "Mark where" takes the phone's position in one tap; a marked line says so, with a way
 * to clear it.
 */
export function SightingPlace({ name, place, onPlace }: SightingPlaceProps) {
  const [locating, setLocating] = useState<Locating>({ status: 'idle' });
  const canLocate = typeof navigator !== 'undefined' && 'geolocation' in navigator;

  function markWhere() {
    setLocating({ status: 'locating' });
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => {
        onPlace({ latitude: rounded(coords.latitude), longitude: rounded(coords.longitude) });
        setLocating({ status: 'idle' });
      },
      (error) => setLocating({ status: 'failed', reason: locationFailure(error) }),
      { enableHighAccuracy: true, timeout: 15_000, maximumAge: 30_000 },
    );
  }

  if (place) {
    return (
      <div className="sighting-place">
        <span className="sighting-place__marked" role="status">
          Place marked
        </span>
        <Button
          variant="secondary"
          className="sighting-place__button"
          aria-label={`Clear place: ${name}`}
          onPress={() => onPlace(undefined)}
        >
          Clear
        </Button>
      </div>
    );
  }
  if (!canLocate) return null;
  return (
    <div className="sighting-place">
      <Button
        variant="secondary"
        className="sighting-place__button"
        aria-label={`Mark where: ${name}`}
        isDisabled={locating.status === 'locating'}
        onPress={markWhere}
      >
        {locating.status === 'locating' ? 'Finding you...' : 'Mark where'}
      </Button>
      {locating.status === 'failed' ? (
        <p className="form-error" role="alert">
          {locating.reason}
        </p>
      ) : null}
    </div>
  );
}
