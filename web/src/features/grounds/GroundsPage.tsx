import { ScreenHeader } from '../../ui/ScreenHeader';
import { MANAGEMENT_MESSAGES, type Ground, type PlanProgressResponse } from '@cull-log/contracts';
import { boundarySizeRefusal, formatHectares, groundAreaHectares } from '@cull-log/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState, type FormEvent } from 'react';
import { ApiRequestError, errorMessage } from '../../api/client';
import { refreshAfter } from '../../api/keys';
import { amendGround, createGround, groundsQuery, outingsQuery } from './api';
import { Button } from '../../ui/Button';
import { useFeedback } from '../../ui/feedback-context';
import { OutingControl } from './OutingControl';
import { OutingSightings } from './OutingSightings';
import { groundName, outingLength, outingTime } from './outing-words';
import { SeasonSelect, seasonLabel, useSeasons } from '../seasons';
import { StatusMessage } from '../../ui/StatusMessage';
import { TextField } from '../../ui/TextField';
import { useOnline } from '../../api/useOnline';
import { boundaryOf, cornersOf, type Corner } from '../../lib/geo';
import { randomUuid } from '../../lib/uuid';
import { mapPointsQuery } from '../map/api';
import { planProgressQuery } from '../plans/api';
import { GROUND_ZOOM, openingView, type MapView } from './opening-view';
import { PlaceSearch, type FoundPlace } from './PlaceSearch';
import { CountsDisclosure } from '../counts';
import { TrendsToggle } from './TrendsToggle';

/** The drawing map (Leaflet) downloads only when a ground is being drawn. */
const BoundaryMap = lazy(() => import('./BoundaryMap'));

type Mode = 'boundary' | 'centre';

interface Draft {
  name: string;
  notes: string;
  mode: Mode;
  corners: Corner[];
  closed: boolean;
  centre: Corner | undefined;
}

const emptyDraft = (): Draft => ({
  name: '',
  notes: '',
  mode: 'boundary',
  corners: [],
  closed: false,
  centre: undefined,
});

function draftOf(ground: Ground): Draft {
  const corners = cornersOf(ground.boundary);
  return {
    name: ground.name,
    notes: ground.notes ?? '',
    mode: ground.boundary === null && ground.centre !== null ? 'centre' : 'boundary',
    corners,
    closed: corners.length >= 3,
    centre: ground.centre ? [ground.centre.latitude, ground.centre.longitude] : undefined,
  };
}

/** Where a ground is, in words: its area and corners, or its centre. */
function placeOf(ground: Ground): string {
  if (ground.boundary)
    return `${formatHectares(groundAreaHectares(ground.boundary))} · boundary of ${cornersOf(ground.boundary).length} corners`;
  if (ground.centre)
    return `Centre at ${ground.centre.latitude.toFixed(5)}, ${ground.centre.longitude.toFixed(5)}`;
  return 'Not on the map';
}

/** The map's view of a ground being redrawn: its boundary, or its centre; undefined for one not on the map. */
function ownView(ground: Ground | undefined): MapView | undefined {
  if (ground?.boundary) return { kind: 'bounds', corners: cornersOf(ground.boundary) };
  if (ground?.centre)
    return { kind: 'centre', centre: [ground.centre.latitude, ground.centre.longitude], zoom: GROUND_ZOOM };
  return undefined;
}

/**
 * Where the drawing map opens: on the ground being redrawn; else on the user's other grounds or their records; else
 * where the phone is, if the browser says; else the country.
 */
function useOpeningView(ground: Ground | undefined, grounds: readonly Ground[]) {
  const [view, setView] = useState<MapView | undefined>(() => ownView(ground) ?? openingView(grounds, []));
  const needsRecords = view === undefined;
  const points = useQuery({ ...mapPointsQuery(), enabled: needsRecords });
  const pointsRead = points.isSuccess || points.isError;
  const fromRecords = points.isSuccess ? openingView([], points.data.points) : undefined;
  useEffect(() => {
    if (!needsRecords || !pointsRead) return;
    if (fromRecords) {
      setView((current) => current ?? fromRecords);
      return;
    }
    if (typeof navigator === 'undefined' || !('geolocation' in navigator)) return;
    navigator.geolocation.getCurrentPosition(
      ({ coords }) =>
        setView(
          (current) =>
            current ?? { kind: 'centre', centre: [coords.latitude, coords.longitude], zoom: GROUND_ZOOM },
        ),
      () => undefined,
      { timeout: 15_000, maximumAge: 600_000 },
    );
    // Once, when the records have been read: fromRecords is made from them.
  }, [needsRecords, pointsRead]);
  return [view, setView] as const;
}

interface EditorProps {
  ground: Ground | undefined;
  /** Every ground of the user, for where the map opens. */
  grounds: readonly Ground[];
  onDone(saved: Ground | undefined): void;
}

/** Creating a ground, or renaming and redrawing one: its name, notes, and a boundary or centre tapped on the map. */
function GroundEditor({ ground, grounds, onDone }: EditorProps) {
  const queryClient = useQueryClient();
  const online = useOnline();
  const [draft, setDraft] = useState<Draft>(() => (ground ? draftOf(ground) : emptyDraft()));
  const [id] = useState(randomUuid);
  const [nameError, setNameError] = useState<string | undefined>();
  const set = (changes: Partial<Draft>) => setDraft((current) => ({ ...current, ...changes }));
  const [view, setView] = useOpeningView(ground, grounds);
  const [found, setFound] = useState<FoundPlace | undefined>();
  const showPlace = (place: FoundPlace) => {
    setFound(place);
    setView({ kind: 'centre', centre: place.centre, zoom: place.zoom });
  };

  const save = useMutation({
    mutationFn: async () => {
      const boundary = draft.mode === 'boundary' && draft.closed ? (boundaryOf(draft.corners) ?? null) : null;
      const centre =
        draft.mode === 'centre' && draft.centre
          ? { latitude: draft.centre[0], longitude: draft.centre[1] }
          : null;
      const notes = draft.notes.trim();
      if (!ground)
        return createGround({
          id,
          name: draft.name,
          ...(notes !== '' && { notes }),
          ...(boundary && { boundary }),
          ...(centre && { centre }),
        });
      // Only what changed, so a rename is not also a redraw.
      const redrawn =
        JSON.stringify(boundary) !== JSON.stringify(ground.boundary) ||
        JSON.stringify(centre) !== JSON.stringify(ground.centre);
      return amendGround(ground.id, {
        expected_version: ground.version,
        ...(draft.name.trim() !== ground.name && { name: draft.name }),
        ...(notes !== (ground.notes ?? '') && { notes: notes === '' ? null : notes }),
        ...(redrawn && { boundary, centre }),
      });
    },
    onSuccess: async (saved) => {
      await refreshAfter(queryClient, 'ground');
      onDone(saved);
    },
    onError: (error) => {
      if (error instanceof ApiRequestError) {
        const named =
          error.fields?.name ??
          (error.message === MANAGEMENT_MESSAGES.groundNameTaken ? error.message : undefined);
        setNameError(named);
      }
    },
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (draft.name.trim() === '') {
      setNameError(MANAGEMENT_MESSAGES.groundName);
      return;
    }
    if (tooLarge !== undefined) return;
    save.mutate();
  }

  function tap(latitude: number, longitude: number) {
    if (draft.mode === 'centre') set({ centre: [latitude, longitude] });
    else if (!draft.closed) set({ corners: [...draft.corners, [latitude, longitude]] });
  }

  const cornerCount = draft.corners.length;
  // The shape so far, as it would be closed: its area as it is drawn, and whether it is too big to be a ground.
  const shape = draft.mode === 'boundary' ? boundaryOf(draft.corners) : undefined;
  const area = shape ? formatHectares(groundAreaHectares(shape)) : undefined;
  const tooLarge = shape ? boundarySizeRefusal(shape) : undefined;
  const drawing =
    draft.mode === 'centre'
      ? draft.centre
        ? 'Centre placed. Tap elsewhere to move it.'
        : 'Tap the map at the centre of the ground.'
      : draft.closed
        ? `Boundary closed with ${cornerCount} corners: ${area}.`
        : cornerCount === 0
          ? 'Tap the map at each corner of the ground, in order.'
          : cornerCount < 3
            ? `${cornerCount} ${cornerCount === 1 ? 'corner' : 'corners'} placed: at least 3 make a boundary.`
            : `${cornerCount} corners placed: ${area} so far.`;

  return (
    <form
      className="form ground-editor"
      onSubmit={submit}
      noValidate
      aria-label={ground ? `Edit ${ground.name}` : 'New ground'}
    >
      {save.error ? (
        <p className="form-error" role="alert">
          {errorMessage(save.error)}
        </p>
      ) : null}
      <div className="form__grid">
        <TextField
          label="Name"
          name="ground_name"
          isRequired
          value={draft.name}
          onChange={(name) => {
            set({ name });
            setNameError(undefined);
          }}
          error={nameError}
          placeholder="e.g. Home Wood"
        />
        <TextField
          label="Notes"
          name="ground_notes"
          multiline
          value={draft.notes}
          onChange={(notes) => set({ notes })}
        />
      </div>
      <div className="ground-editor__modes" role="group" aria-label="What to draw">
        <Button
          variant={draft.mode === 'boundary' ? 'primary' : 'secondary'}
          aria-pressed={draft.mode === 'boundary'}
          onPress={() => set({ mode: 'boundary' })}
        >
          Boundary
        </Button>
        <Button
          variant={draft.mode === 'centre' ? 'primary' : 'secondary'}
          aria-pressed={draft.mode === 'centre'}
          onPress={() => set({ mode: 'centre' })}
        >
          Centre point
        </Button>
      </div>
      <PlaceSearch onFound={showPlace} />
      <Suspense fallback={<div className="pin-map pin-map--loading">Loading the map...</div>}>
        <BoundaryMap
          corners={draft.mode === 'boundary' ? draft.corners : []}
          closed={draft.closed}
          centre={draft.mode === 'centre' ? draft.centre : undefined}
          view={view}
          found={found?.centre}
          onTap={tap}
        />
      </Suspense>
      <p className="form__hint" role="status">
        {drawing}
      </p>
      {tooLarge ? (
        <p className="form-error" role="alert">
          {tooLarge}
        </p>
      ) : null}
      {draft.mode === 'boundary' ? (
        <div className="ground-editor__tools">
          <Button
            variant="secondary"
            onPress={() => set({ corners: draft.corners.slice(0, -1), closed: false })}
            isDisabled={cornerCount === 0}
          >
            Undo last corner
          </Button>
          <Button
            variant="secondary"
            onPress={() => set({ closed: true })}
            isDisabled={draft.closed || cornerCount < 3}
          >
            Close boundary
          </Button>
          <Button
            variant="secondary"
            onPress={() => set({ corners: [], closed: false })}
            isDisabled={cornerCount === 0}
          >
            Clear
          </Button>
        </div>
      ) : (
        <div className="ground-editor__tools">
          <Button variant="secondary" onPress={() => set({ centre: undefined })} isDisabled={!draft.centre}>
            Clear
          </Button>
        </div>
      )}
      {online ? null : <p className="form__hint">Grounds are saved when there is a signal.</p>}
      <div className="form__actions">
        <Button variant="secondary" onPress={() => onDone(undefined)} isDisabled={save.isPending}>
          Cancel
        </Button>
        <Button
          type="submit"
          isDisabled={
            save.isPending ||
            !online ||
            tooLarge !== undefined ||
            (draft.mode === 'boundary' && cornerCount > 0 && !draft.closed)
          }
        >
          {save.isPending ? 'Saving...' : 'Save ground'}
        </Button>
      </div>
    </form>
  );
}

/** A ground's figures of the season as the grounds list shows them, from the season's one plan progress read. */
interface GroundFigures {
  culls: number;
  /** Targets of the ground's own plan met, of how many; undefined with no plan for the ground. */
  plan: { met: number; total: number } | undefined;
}

function figuresOf(progress: PlanProgressResponse, groundId: string): GroundFigures {
  const targets = progress.rows.filter((row) => row.ground_id === groundId && row.target !== null);
  return {
    culls: progress.ground_culls.find((ground) => ground.ground_id === groundId)?.culls ?? 0,
    plan:
      targets.length === 0
        ? undefined
        : { met: targets.filter((row) => row.actual >= (row.target ?? 0)).length, total: targets.length },
  };
}

interface CardProps {
  ground: Ground;
  /** The season's figures; undefined while they are read, or when they could not be. */
  figures: GroundFigures | undefined;
  season: string;
  onEdit(): void;
}

function GroundCard({ ground, figures, season, onEdit }: CardProps) {
  const queryClient = useQueryClient();
  const online = useOnline();
  const { announce } = useFeedback();
  const archive = useMutation({
    mutationFn: () =>
      amendGround(ground.id, { expected_version: ground.version, archived: !ground.archived }),
    onSuccess: async (saved) => {
      await refreshAfter(queryClient, 'ground');
      announce(`${saved.name} ${saved.archived ? 'archived' : 'restored'}`);
    },
  });
  return (
    <li className="card ground-card">
      <h3 className="ground-card__name">{ground.name}</h3>
      <p className="muted">{placeOf(ground)}</p>
      {figures ? (
        <dl className="ground-card__figures" aria-label={`${ground.name} in ${seasonLabel(season)}`}>
          <div>
            <dt>Culls {seasonLabel(season)}</dt>
            <dd>{figures.culls}</dd>
          </div>
          <div>
            <dt>Plan</dt>
            <dd>
              {figures.plan
                ? `${figures.plan.met} of ${figures.plan.total} ${figures.plan.total === 1 ? 'target' : 'targets'} met`
                : 'No plan for this ground'}
            </dd>
          </div>
        </dl>
      ) : null}
      {ground.notes ? <p>{ground.notes}</p> : null}
      {ground.archived ? null : <CountsDisclosure ground={ground} />}
      {archive.error ? (
        <p className="form-error" role="alert">
          {errorMessage(archive.error)}
        </p>
      ) : null}
      <div className="ground-card__actions">
        {ground.archived ? null : (
          <Button variant="secondary" onPress={onEdit} aria-label={`Edit ${ground.name}`}>
            Edit
          </Button>
        )}
        <Button
          variant="secondary"
          onPress={() => archive.mutate()}
          isDisabled={!online || archive.isPending}
          aria-label={`${ground.archived ? 'Restore' : 'Archive'} ${ground.name}`}
        >
          {ground.archived ? 'Restore' : 'Archive'}
        </Button>
      </div>
      <TrendsToggle ground={ground} />
    </li>
  );
}

/** The season's outings, newest first, with their culls; an outing with none is marked blank. */
function SeasonOutings({ grounds }: { grounds: Ground[] }) {
  const { season, options, setSeason } = useSeasons();
  const outings = useQuery(outingsQuery(season));
  return (
    <section className="card" aria-labelledby="outings-heading">
      <h2 id="outings-heading">Outings</h2>
      <OutingControl />
      <SeasonSelect season={season} options={options} onChange={setSeason} />
      {outings.isPending ? (
        <StatusMessage>Loading outings...</StatusMessage>
      ) : outings.isError ? (
        <StatusMessage kind="error">Outings could not be loaded: {errorMessage(outings.error)}</StatusMessage>
      ) : outings.data.items.length === 0 ? (
        <p>No outings this season.</p>
      ) : (
        <ul
          className="outing-list"
          aria-label={`Outings of the season ${options.find((o) => o.id === season)?.label ?? season}`}
        >
          {outings.data.items.map((outing) => (
            <li key={outing.id} className="outing-list__item">
              <span className="outing-list__ground">{groundName(outing.ground_id, grounds)}</span>
              <span>
                {outingTime(outing.started_at)}
                {outing.ended_at === null ? ' · under way' : ` · ${outingLength(outing)}`}
              </span>
              <span>
                {outing.cull_count === 0 ? (
                  <strong className="outing-list__blank">Blank</strong>
                ) : outing.cull_count === 1 ? (
                  '1 cull'
                ) : (
                  `${outing.cull_count} culls`
                )}
              </span>
              {/* The open outing's sightings are changed on it, above. */}
              {outing.ended_at === null ? null : <OutingSightings outing={outing} />}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export default function GroundsPage() {
  const grounds = useQuery(groundsQuery());
  const { current: season } = useSeasons();
  // One read for every ground's figures: the season's plan progress, with its culls on each ground.
  const progress = useQuery(planProgressQuery(season));
  const figures = (groundId: string) => (progress.data ? figuresOf(progress.data, groundId) : undefined);
  const { announce } = useFeedback();
  // undefined: no editor open; 'new': a new ground; else the id of the ground being edited.
  const [editing, setEditing] = useState<string | undefined>();

  const done = (verb: string) => (saved: Ground | undefined) => {
    setEditing(undefined);
    if (saved) announce(`${saved.name} ${verb}`);
  };

  let content;
  if (grounds.isPending) content = <StatusMessage>Loading grounds...</StatusMessage>;
  else if (grounds.isError)
    content = (
      <StatusMessage kind="error">Grounds could not be loaded: {errorMessage(grounds.error)}</StatusMessage>
    );
  else {
    const active = grounds.data.filter((ground) => !ground.archived);
    const archived = grounds.data.filter((ground) => ground.archived);
    content = (
      <>
        {editing === 'new' ? (
          <section className="card" aria-labelledby="new-ground-heading">
            <h2 id="new-ground-heading">New ground</h2>
            <GroundEditor ground={undefined} grounds={grounds.data} onDone={done('saved')} />
          </section>
        ) : (
          <Button onPress={() => setEditing('new')}>+ New ground</Button>
        )}
        {progress.isError ? (
          <StatusMessage kind="error">
            This season’s culls and plan could not be loaded: {errorMessage(progress.error)}
          </StatusMessage>
        ) : null}
        {active.length === 0 ? (
          <p>No grounds yet. Add the places you stalk to record culls and outings against them.</p>
        ) : (
          <ul className="ground-list" aria-label="Your grounds">
            {active.map((ground) =>
              editing === ground.id ? (
                <li key={ground.id} className="card">
                  <h3>Edit {ground.name}</h3>
                  <GroundEditor ground={ground} grounds={grounds.data} onDone={done('saved')} />
                </li>
              ) : (
                <GroundCard
                  key={ground.id}
                  ground={ground}
                  figures={figures(ground.id)}
                  season={season}
                  onEdit={() => setEditing(ground.id)}
                />
              ),
            )}
          </ul>
        )}
        {archived.length > 0 ? (
          <section aria-labelledby="archived-heading">
            <h2 id="archived-heading">Archived grounds</h2>
            <p className="muted">Their records are kept; restore one to record against it again.</p>
            <ul className="ground-list" aria-label="Archived grounds">
              {archived.map((ground) => (
                <GroundCard
                  key={ground.id}
                  ground={ground}
                  figures={figures(ground.id)}
                  season={season}
                  onEdit={() => undefined}
                />
              ))}
            </ul>
          </section>
        ) : null}
        <SeasonOutings grounds={grounds.data} />
      </>
    );
  }

  return (
    <div className="page page--wide grounds-page">
      <ScreenHeader />
      {content}
    </div>
  );
}
