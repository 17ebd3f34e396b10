import { looksLikePostcode, PLACE_MESSAGES, type Place } from '@cull-log/contracts';
import { parseGridReference } from '@cull-log/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type KeyboardEvent } from 'react';
import { ApiRequestError, errorMessage } from '../../api/client';
import { useOnline } from '../../api/useOnline';
import type { Corner } from '../../lib/geo';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/TextField';
import { placesQuery } from './api';
import { GROUND_ZOOM } from './opening-view';

/** A place to move the map to, and what to call it. */
export interface FoundPlace {
  centre: Corner;
  zoom: number;
  /** "Buxton, Derbyshire", "SK 123 456", "your location". */
  name: string;
}

/** A town's middle, close enough to find the woods around it. */
const TOWN_ZOOM = 13;
/** Two letters then figures: meant as a grid reference, even when it is not a whole one. */
const GRID_SHAPED = /^[A-Z]{2}\s*\d/i;

type Outcome =
  | { kind: 'idle' }
  | { kind: 'searching' }
  | { kind: 'moved'; name: string }
  | { kind: 'choose'; places: Place[] }
  | { kind: 'refused'; message: string };

const placeName = (place: Place) => `${place.name}, ${place.area}`;

function locationFailure(error: GeolocationPositionError): string {
  if (error.code === error.PERMISSION_DENIED)
    return 'Your location is not available: this browser was not allowed to share it.';
  if (error.code === error.TIMEOUT) return 'Your location did not arrive in time. Try again in the open.';
  return 'Your location is not available just now.';
}

/**
 * "Find a place" above the drawing map: a town or village (searched on the server), a grid reference (read here,
 * offline too), and "Centre on me". Postcodes are not searchable yet, and it says so.
 */
export function PlaceSearch({ onFound }: { onFound(place: FoundPlace): void }) {
  const queryClient = useQueryClient();
  const online = useOnline();
  const [text, setText] = useState('');
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'idle' });
  const canLocate = typeof navigator !== 'undefined' && 'geolocation' in navigator;

  function go(place: FoundPlace) {
    onFound(place);
    setOutcome({ kind: 'moved', name: place.name });
  }

  async function search() {
    const query = text.trim();
    if (query === '') {
      setOutcome({ kind: 'refused', message: 'Type a place or a grid reference to find it.' });
      return;
    }
    const grid = parseGridReference(query);
    if (grid.ok) {
      const figures = grid.reference.replace(/\D/g, '').length;
      go({ centre: [grid.latitude, grid.longitude], zoom: figures <= 4 ? 14 : 16, name: grid.reference });
      return;
    }
    if (looksLikePostcode(query)) {
      setOutcome({ kind: 'refused', message: PLACE_MESSAGES.postcode });
      return;
    }
    if (GRID_SHAPED.test(query)) {
      setOutcome({ kind: 'refused', message: grid.message });
      return;
    }
    if (!online) {
      setOutcome({
        kind: 'refused',
        message: 'Places are found with a signal; a grid reference works without one.',
      });
      return;
    }
    setOutcome({ kind: 'searching' });
    try {
      const places = await queryClient.fetchQuery(placesQuery(query));
      const whole = places.filter((place) => place.name.toLowerCase() === query.toLowerCase());
      const only = whole.length === 1 ? whole[0] : places.length === 1 ? places[0] : undefined;
      if (only) go({ centre: [only.latitude, only.longitude], zoom: TOWN_ZOOM, name: placeName(only) });
      else if (places.length > 0) setOutcome({ kind: 'choose', places });
      else
        setOutcome({
          kind: 'refused',
          message: `No place found for “${query}”. Try a nearby town or village, or a grid reference.`,
        });
    } catch (error) {
      const message =
        error instanceof ApiRequestError ? (error.fields?.q ?? errorMessage(error)) : errorMessage(error);
      setOutcome({ kind: 'refused', message });
    }
  }

  function centreOnMe() {
    setOutcome({ kind: 'searching' });
    navigator.geolocation.getCurrentPosition(
      ({ coords }) =>
        go({ centre: [coords.latitude, coords.longitude], zoom: GROUND_ZOOM, name: 'your location' }),
      (error) => setOutcome({ kind: 'refused', message: locationFailure(error) }),
      { enableHighAccuracy: true, timeout: 15_000, maximumAge: 60_000 },
    );
  }

  // Enter searches here rather than saving the ground the search sits in.
  function searchOnEnter(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key !== 'Enter' || !(event.target instanceof HTMLInputElement)) return;
    event.preventDefault();
    void search();
  }

  return (
    <div
      className="place-search"
      role="search"
      aria-label="Find a place on the map"
      onKeyDown={searchOnEnter}
    >
      <div className="place-search__row">
        <TextField
          label="Find a place"
          name="place_search"
          type="search"
          value={text}
          onChange={(value) => {
            setText(value);
            if (outcome.kind === 'refused') setOutcome({ kind: 'idle' });
          }}
          placeholder="Town, village or grid reference"
          autoComplete="off"
          className="place-search__field"
        />
        <Button variant="secondary" onPress={() => void search()} isDisabled={outcome.kind === 'searching'}>
          Find
        </Button>
        {canLocate ? (
          <Button variant="secondary" onPress={centreOnMe} isDisabled={outcome.kind === 'searching'}>
            Centre on me
          </Button>
        ) : null}
      </div>
      <p className="form__hint">A town or village, or a grid reference such as SK 123 456.</p>
      {outcome.kind === 'refused' ? (
        <p className="form-error" role="alert">
          {outcome.message}
        </p>
      ) : null}
      <p className="form__hint" role="status">
        {outcome.kind === 'searching'
          ? 'Finding...'
          : outcome.kind === 'moved'
            ? `The map is centred on ${outcome.name}.`
            : outcome.kind === 'choose'
              ? `${outcome.places.length} places match: choose one.`
              : ''}
      </p>
      {outcome.kind === 'choose' ? (
        <ul className="place-search__choices" aria-label="Places that match">
          {outcome.places.map((place) => (
            <li key={`${place.name}|${place.area}|${place.latitude}`}>
              <Button
                variant="ghost"
                onPress={() =>
                  go({ centre: [place.latitude, place.longitude], zoom: TOWN_ZOOM, name: placeName(place) })
                }
              >
                {placeName(place)}
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      <p className="place-search__credit muted">Place names from GeoNames (CC BY 4.0).</p>
    </div>
  );
}
