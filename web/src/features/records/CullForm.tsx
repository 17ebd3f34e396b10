import { formatNumber, weightToConfirm, sexLabel } from '@cull-log/domain';
import {
  AGE_ESTIMATES,
  ANTLER_CONDITIONS,
  CONDITIONS,
  MESSAGES,
  OTHER,
  parseNumberInput,
  SEXES,
  SHOT_PLACEMENTS,
  SPECIES,
} from '@cull-log/contracts';
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useLocation } from 'react-router-dom';
import { useLeaveGuard } from '../../ui/useLeaveGuard';
import { useQuery } from '@tanstack/react-query';
import { ApiRequestError } from '../../api/client';
import { groundsQuery, outingsQuery } from '../grounds/api';
import { groundAt } from '../../lib/geo';
import { ChoiceGroup } from '../../ui/ChoiceGroup';
import { groundName, outingTime } from '../grounds';
import { useTeamGroundsToRecordOn } from '../teams';
import { Button } from '../../ui/Button';
import { CarcassSections } from './CarcassSections';
import { DiscardFormDialog } from './DiscardFormDialog';
import { Checkbox } from '../../ui/Checkbox';
import { NearPinMap } from './NearPinMap';
import { NumberField } from '../../ui/NumberField';
import { PhotosSection } from './PhotosSection';
import { useFormDraft, type FormDraft } from './form-draft';
import type { PhotoDraft } from './photo-draft';
import { Select } from '../../ui/Select';
import { TextField } from '../../ui/TextField';
import {
  formWarningFacts,
  formWarnings,
  toFormErrors,
  withCoordinates,
  withGridRef,
  type CullFormErrors,
  type CullFormField,
  type CullFormValues,
  type FormCheck,
} from './cull-form-model';
import { loadCullChecks, type CullChecks } from './load-cull-checks';
import { nearestNamedPlace, withLastUsed, type LastUsed, type NamedPlace } from './last-used';
import { WeightConfirmDialog } from './WeightConfirmDialog';
import { WarningList } from './WarningList';
import { formatUkDate, formatUkTime, localIsoDate } from '../../lib/format';
import { useFocusClearOfBar } from '../../ui/useFocusClearOfBar';

/** What the form needs of its page's write (a mutation): sending the checked body, and how that went. */
interface CullFormSave<Body> {
  mutate(body: Body): void;
  reset(): void;
  isPending: boolean;
  isSuccess: boolean;
  error: Error | null;
}

interface CullFormProps<Body> {
  initialValues: CullFormValues;
  submitLabel: string;
  /** The shared contract's check of the values, by one of its checks: the request body, or a message per field. */
  check(checks: CullChecks, values: CullFormValues): FormCheck<Body>;
  save: CullFormSave<Body>;
  onCancel(): void;
  /** The animal and place of the last record saved here, offered as one tap on a new record. */
  lastUsed?: LastUsed | undefined;
  /** Places the user named before: a position near one fills in its name (a new record). */
  namedPlaces?: readonly NamedPlace[] | undefined;
  /** A new record asks the phone where it is as it opens, when the user has already let this site know. */
  locateOnOpen?: boolean;
  /** The record's photos as the form changes them; the page sends the changes with the record. */
  photos?: { draft: PhotoDraft; recordId: string } | undefined;
  /** A new record goes into the outing under way, if there is one, on that outing's ground. */
  placeInOpenOuting?: boolean;
  /** Where this form's unsaved input is kept on the device (form-draft.ts); undefined until the user is known. */
  draftKey?: string | undefined;
  /** A new record, or changes to one already saved: how the form speaks of its unsaved input. */
  unsavedKind?: 'record' | 'changes';
}

const NO_GROUND = 'none';

/** What the phone said about where it is: how close it claims to be, or why it could not say. */
type LocationState =
  | { status: 'idle' }
  | { status: 'locating' }
  | { status: 'found'; accuracyMetres: number }
  | { status: 'failed'; reason: string };

function locationFailure(error: GeolocationPositionError): string {
  switch (error.code) {
    case error.PERMISSION_DENIED:
      return 'Your location is not available: this browser was not allowed to share it. Type a grid reference or tap the map instead.';
    case error.TIMEOUT:
      return 'Your location did not arrive in time. Try again in the open, or type a grid reference.';
    default:
      return 'Your location is not available just now. Type a grid reference or coordinates instead.';
  }
}

/** The focusable part of each field in error, in the order of the form. */
const FIELD_IN_ERROR =
  'input[aria-invalid="true"], textarea[aria-invalid="true"], select[aria-invalid="true"]';

function submitErrorFor(error: unknown): string {
  if (error instanceof ApiRequestError && error.code === 'version_conflict') return MESSAGES.versionConflict;
  return MESSAGES.submitFailed;
}

export function CullForm<Body>({
  initialValues,
  submitLabel,
  check,
  save,
  onCancel,
  lastUsed,
  namedPlaces = [],
  locateOnOpen = false,
  photos,
  placeInOpenOuting = false,
  draftKey,
  unsavedKind = 'record',
}: CullFormProps<Body>) {
  const [values, setValues] = useState(initialValues);
  // Whether the user has changed anything: what the form fills in by itself (an outing, a ground) is not unsaved input.
  const [touched, setTouched] = useState(false);
  // Drawn afresh when a kept draft is taken up, so its optional sections open as they do for a record holding values.
  const [restored, setRestored] = useState(0);
  const grounds = useQuery(groundsQuery());
  const teamGrounds = useTeamGroundsToRecordOn();
  const outings = useQuery({ ...outingsQuery(), enabled: placeInOpenOuting });
  const openOuting = placeInOpenOuting ? (outings.data?.open ?? null) : null;
  // Once the user picks a ground (or the record has one), a new position no longer changes it.
  const [groundChosen, setGroundChosen] = useState(initialValues.ground_id !== '');
  const [location, setLocation] = useState<LocationState>({ status: 'idle' });
  // The Location the form filled in itself (a ground's or a named place's name): replaced as the place changes, and
  // never over what the user typed.
  const autoLocation = useRef(initialValues.location_name === '' ? '' : undefined);
  // A grid reference being typed moves the coordinates only once it is whole: when the user leaves the field or saves.
  const gridRefTyped = useRef(false);
  // Whether the user has given the place (typed, tapped on the map, Same as last): the form's own fix does not replace it.
  const placeGiven = useRef(initialValues.latitude !== '' || initialValues.grid_ref !== '');
  // A weight the species makes doubtful, asked about at Save; once kept, not asked again for the same weight.
  const [weightQuestion, setWeightQuestion] = useState<string>();
  const keptWeight = useRef<string | undefined>(undefined);
  const warnings = formWarnings(values);
  const [errors, setErrors] = useState<CullFormErrors>({});
  const [failedAttempts, setFailedAttempts] = useState(0);
  // Between Save and the checks' answer (their first use loads them).
  const [checking, setChecking] = useState(false);
  const [checksUnavailable, setChecksUnavailable] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  useFocusClearOfBar(formRef, '.form__actions');
  // Once saved, the form stays disabled while the page moves on.
  const isSaving = checking || save.isPending || save.isSuccess;

  const photoDraft = photos?.draft;
  const photosChanged = (photoDraft?.added.length ?? 0) > 0 || (photoDraft?.removed.length ?? 0) > 0;
  const isChanged = photosChanged || (touched && JSON.stringify(values) !== JSON.stringify(initialValues));
  const unsaved = useMemo<Omit<FormDraft, 'saved_at'> | undefined>(
    () =>
      isChanged
        ? {
            values,
            photos: {
              removed: photoDraft?.removed ?? [],
              added: (photoDraft?.added ?? []).map(({ photo, fileName }) => ({ photo, fileName })),
            },
          }
        : undefined,
    [isChanged, values, photoDraft?.removed, photoDraft?.added],
  );
  const draft = useFormDraft(draftKey, unsaved);
  // Set once the record goes to be saved, or the user chose to discard it: the page may then move on without asking.
  const leaving = useRef(false);
  const { pathname } = useLocation();
  const blocker = useLeaveGuard(isChanged, (next) => !leaving.current && next !== pathname);
  const submitError = save.error
    ? submitErrorFor(save.error)
    : checksUnavailable
      ? MESSAGES.submitFailed
      : null;

  // A refused save marks the fields the server named, as a refused check does.
  useEffect(() => {
    if (!save.error) return;
    console.error('Saving the cull record failed', save.error);
    // Not saved after all: the input is kept again, and leaving asks again.
    leaving.current = false;
    draft.reopen();
    if (save.error instanceof ApiRequestError && save.error.fields)
      setErrors(toFormErrors(save.error.fields, values));
    setFailedAttempts((count) => count + 1);
  }, [save.error]);

  // After a refused submit, take the user to the first field that needs attention, a choice list's button too.
  useEffect(() => {
    if (failedAttempts === 0) return;
    const first = formRef.current?.querySelector<HTMLInputElement>(FIELD_IN_ERROR);
    // A group of choices takes the focus on its chosen one, as the keyboard would.
    const chosen =
      first?.type === 'radio'
        ? formRef.current?.querySelector<HTMLInputElement>(`input[name="${first.name}"]:checked`)
        : undefined;
    (chosen ?? first)?.focus();
  }, [failedAttempts]);

  /** Moves the form on, clearing the messages of the fields that changed. */
  function change(next: (current: CullFormValues) => CullFormValues, changed: (keyof CullFormErrors)[]) {
    setValues(next);
    setTouched(true);
    setErrors((current) => {
      const remaining = { ...current };
      for (const cleared of changed) delete remaining[cleared];
      return remaining;
    });
  }

  function update<K extends CullFormField>(
    field: K,
    value: CullFormValues[K],
    alsoClear: CullFormField[] = [],
  ) {
    change((current) => ({ ...current, [field]: value }), [field, ...alsoClear]);
  }

  const textProps = (field: Exclude<CullFormField, 'antlers_present' | 'carcass'>) => ({
    name: field,
    value: values[field],
    onChange: (value: string) => update(field, value),
    error: errors[field],
    isDisabled: isSaving,
  });

  const choiceProps = (field: 'sex' | 'age_estimate' | 'condition') => ({
    name: field,
    value: values[field],
    onChange: (value: string) => update(field, value),
    error: errors[field],
    isDisabled: isSaving,
  });

  const placeFields: CullFormField[] = ['grid_ref', 'latitude', 'longitude'];
  const coordinateProps = (field: 'latitude' | 'longitude') => ({
    ...textProps(field),
    onChange: (value: string) => {
      placeGiven.current = true;
      change(
        (current) =>
          field === 'latitude'
            ? withCoordinates(current, value, current.longitude)
            : withCoordinates(current, current.latitude, value),
        placeFields,
      );
    },
  });

  /** A required choice whose "Other" opens a required free-text field that replaces it on save. */
  function choiceWithOther(
    field: 'species' | 'shot_placement',
    label: string,
    options: readonly string[],
    otherField: 'species_other' | 'shot_placement_other',
    otherPlaceholder: string,
  ) {
    const isOther = values[field] === OTHER;
    return (
      <>
        <ChoiceGroup
          label={label}
          name={field}
          options={options}
          value={values[field]}
          onChange={(value) => update(field, value, [otherField])}
          error={isOther ? undefined : errors[field]}
          isRequired
          isDisabled={isSaving}
          className="form__wide"
        />
        {isOther ? (
          <TextField
            label={`Other ${label.toLowerCase()}`}
            isRequired
            placeholder={otherPlaceholder}
            {...textProps(otherField)}
          />
        ) : null}
      </>
    );
  }

  /** The checks start loading as the user starts on the form, so they are there by the time it is saved. */
  function prepareChecks() {
    loadCullChecks().catch(() => {
      // Tried again, and said if it fails, at Save.
    });
  }

  /** The form with a typed grid reference's place taken in: its coordinates follow it once the typing is done. */
  function withGridRefTaken(current: CullFormValues): CullFormValues {
    return gridRefTyped.current ? withGridRef(current, current.grid_ref) : current;
  }

  function takeGridRef() {
    if (!gridRefTyped.current) return;
    gridRefTyped.current = false;
    change((current) => withGridRef(current, current.grid_ref), placeFields);
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isSaving) return;
    const toSave = withGridRefTaken(values);
    takeGridRef();
    const species = toSave.species === OTHER ? toSave.species_other : toSave.species;
    const doubtful = weightToConfirm(species, parseNumberInput(toSave.weight));
    if (doubtful !== undefined && keptWeight.current !== toSave.weight) {
      setWeightQuestion(doubtful);
      return;
    }
    await saveChecked(toSave);
  }

  async function saveChecked(toSave: CullFormValues) {
    setChecking(true);
    let checks: CullChecks;
    try {
      checks = await loadCullChecks();
    } catch (error) {
      console.error("Loading the form's checks failed", error);
      save.reset();
      setChecksUnavailable(true);
      return;
    } finally {
      setChecking(false);
    }
    setChecksUnavailable(false);
    const checked = check(checks, toSave);
    if (checked.ok) {
      leaving.current = true;
      draft.close();
      save.mutate(checked.body);
      return;
    }
    save.reset();
    setErrors(checked.errors);
    setFailedAttempts((count) => count + 1);
  }

  /** Location filled with a name the form knows for the place, unless the user has typed one of their own. */
  function withPlaceName(current: CullFormValues, name: string | undefined): CullFormValues {
    if (name === undefined || autoLocation.current === undefined) return current;
    if (current.location_name !== autoLocation.current) {
      autoLocation.current = undefined;
      return current;
    }
    autoLocation.current = name;
    return { ...current, location_name: name };
  }

  // During an outing the record belongs to it and to its ground, whose name is where it is.
  useEffect(() => {
    if (!openOuting || values.outing_id !== '') return;
    setValues((current) =>
      withPlaceName(
        { ...current, outing_id: openOuting.id, ground_id: openOuting.ground_id },
        nameOfGround(openOuting.ground_id),
      ),
    );
    setGroundChosen(true);
  }, [openOuting?.id, grounds.data]);

  // The ground whose boundary holds the point, preselected until the user chooses one themselves.
  const latitude = parseNumberInput(values.latitude);
  const longitude = parseNumberInput(values.longitude);
  const everyGround = useMemo(() => [...(grounds.data ?? []), ...teamGrounds], [grounds.data, teamGrounds]);
  useEffect(() => {
    if (groundChosen || latitude === undefined || longitude === undefined || !grounds.data) return;
    const ground = groundAt(latitude, longitude, everyGround);
    if (ground) setValues((current) => withPlaceName({ ...current, ground_id: ground.id }, ground.name));
  }, [latitude, longitude, grounds.data, everyGround, groundChosen]);

  // A place the user named before, near the position, names it (a high seat within a ground, say).
  useEffect(() => {
    if (latitude === undefined || longitude === undefined) return;
    const named = nearestNamedPlace(namedPlaces, latitude, longitude);
    if (named !== undefined) setValues((current) => withPlaceName(current, named));
  }, [latitude, longitude]);

  function nameOfGround(id: string): string | undefined {
    return everyGround.find((ground) => ground.id === id)?.name;
  }

  // Grounds offered: the user's current ones and their teams', and the record's own even if archived since.
  const groundOptions = everyGround
    .filter((ground) => !ground.archived || ground.id === values.ground_id)
    .map((ground) => ({
      id: ground.id,
      label: 'teamName' in ground ? `${ground.name} (${ground.teamName})` : ground.name,
    }));

  const canLocate = typeof navigator !== 'undefined' && 'geolocation' in navigator;
  /** Asks the phone where it is; asked by the form itself (`byForm`), the answer never replaces a place given since. */
  function fillCurrentLocation(byForm = false) {
    setLocation({ status: 'locating' });
    if (!byForm) placeGiven.current = true;
    navigator.geolocation.getCurrentPosition(
      (position) => {
        const { latitude, longitude, accuracy } = position.coords;
        if (byForm && placeGiven.current) {
          setLocation({ status: 'idle' });
          return;
        }
        const located = (current: CullFormValues) =>
          withCoordinates(current, latitude.toFixed(6), longitude.toFixed(6));
        // Asked by the form itself, the position is not the user's input: leaving the form untouched loses nothing.
        if (byForm) setValues(located);
        else change(located, placeFields);
        setLocation({ status: 'found', accuracyMetres: Math.round(accuracy) });
      },
      (error) => setLocation({ status: 'failed', reason: locationFailure(error) }),
      { enableHighAccuracy: true, timeout: 15_000, maximumAge: 30_000 },
    );
  }

  // A new record asks for the position at once if the user has already allowed it: one tap fewer on the hill.
  useEffect(() => {
    if (!locateOnOpen || !canLocate || !('permissions' in navigator)) return;
    let cancelled = false;
    navigator.permissions
      .query({ name: 'geolocation' })
      .then((status) => {
        if (!cancelled && status.state === 'granted' && initialValues.latitude === '')
          fillCurrentLocation(true);
      })
      .catch(() => {
        // A browser that cannot say leaves it to the button.
      });
    return () => {
      cancelled = true;
    };
  }, [locateOnOpen]);

  function fillNow() {
    const now = new Date();
    change(
      (current) => ({
        ...current,
        date: localIsoDate(now),
        time: formatUkTime(now),
      }),
      ['date', 'time'],
    );
  }

  /** Fills the form from the unsaved input kept on the device. */
  function carryOn() {
    const kept = draft.carryOn();
    if (kept === undefined) return;
    setValues(kept.values);
    setTouched(true);
    setErrors({});
    setGroundChosen(kept.values.ground_id !== '');
    // What the user had given is theirs: the form names and places nothing over it.
    placeGiven.current = kept.values.latitude !== '' || kept.values.grid_ref !== '';
    autoLocation.current = kept.values.location_name === '' ? '' : undefined;
    photoDraft?.restore(kept.photos);
    setRestored((count) => count + 1);
  }

  const keptAt = draft.offered ? new Date(draft.offered.saved_at) : undefined;

  return (
    <>
      <form
        ref={formRef}
        className="form cull-form"
        onSubmit={(event) => void submit(event)}
        onFocus={prepareChecks}
        noValidate
      >
        {submitError ? (
          <p className="form-error" role="alert">
            {submitError}
          </p>
        ) : null}

        {keptAt ? (
          <div className="draft-offer" role="status">
            <p className="draft-offer__text">
              {unsavedKind === 'record'
                ? 'You have an unsaved record'
                : 'You have unsaved changes to this record'}{' '}
              from {formatUkDate(keptAt)} at {formatUkTime(keptAt)}.
            </p>
            <div className="draft-offer__actions">
              <Button onPress={carryOn} isDisabled={isSaving}>
                Carry on
              </Button>
              <Button variant="secondary" onPress={draft.discardOffered} isDisabled={isSaving}>
                Discard
              </Button>
            </div>
          </div>
        ) : null}

        {/* Until the user answers the offer, the form takes no typing: what they typed would have nowhere to be kept. */}
        <div className="cull-form__body" inert={keptAt !== undefined}>
          <fieldset className="form__section">
            <legend>When and where</legend>
            {openOuting ? (
              <p className="outing-notice" role="status">
                Recording in the outing at {groundName(openOuting.ground_id, grounds.data)} since{' '}
                {outingTime(openOuting.started_at)}
              </p>
            ) : null}
            <div className="form__grid">
              {lastUsed ? (
                <div className="form__wide">
                  <Button
                    variant="secondary"
                    onPress={() => {
                      if (lastUsed.ground_id !== undefined) setGroundChosen(true);
                      if (lastUsed.latitude !== undefined || lastUsed.grid_ref !== undefined)
                        placeGiven.current = true;
                      autoLocation.current = undefined;
                      change(
                        (current) => withLastUsed(current, lastUsed),
                        ['species', 'species_other', 'sex', 'location_name', 'ground_id', ...placeFields],
                      );
                    }}
                    isDisabled={isSaving}
                  >
                    Same as last: {lastUsed.species}
                    {lastUsed.sex ? `, ${lastUsed.sex.toLowerCase()}` : ''} at {lastUsed.location_name}
                  </Button>
                </div>
              ) : null}
              <TextField label="Date" type="date" isRequired {...textProps('date')} />
              <div className="form__with-action">
                <TextField label="Time" type="time" isRequired {...textProps('time')} />
                <Button
                  variant="secondary"
                  onPress={fillNow}
                  isDisabled={isSaving}
                  aria-label="Set date and time to now"
                >
                  Now
                </Button>
              </div>
              <TextField
                label="Location"
                isRequired
                placeholder="e.g. Home Wood, North Beat"
                className="form__wide"
                {...textProps('location_name')}
              />
              {/* Always there, so the form does not move when the grounds arrive. */}
              <Select
                label="Ground"
                name="ground_id"
                className="form__wide"
                options={[{ id: NO_GROUND, label: 'No ground' }, ...groundOptions]}
                value={values.ground_id === '' ? NO_GROUND : values.ground_id}
                placeholder="No ground"
                onChange={(id) => {
                  setGroundChosen(true);
                  const groundId = id === NO_GROUND ? '' : id;
                  change(
                    (current) => withPlaceName({ ...current, ground_id: groundId }, nameOfGround(groundId)),
                    ['ground_id', 'location_name'],
                  );
                }}
                error={errors.ground_id}
                isDisabled={isSaving || grounds.isPending}
              />
              <TextField
                label="Grid reference"
                placeholder="e.g. SK 1234 5678"
                {...textProps('grid_ref')}
                onChange={(value) => {
                  gridRefTyped.current = true;
                  placeGiven.current = true;
                  change((current) => ({ ...current, grid_ref: value }), ['grid_ref']);
                }}
                onBlur={takeGridRef}
              />
              <NumberField
                label="Latitude"
                step="0.000001"
                placeholder="e.g. 52.512345"
                {...coordinateProps('latitude')}
              />
              <NumberField
                label="Longitude"
                step="0.000001"
                placeholder="e.g. -1.498765"
                {...coordinateProps('longitude')}
              />
              <div className="form__wide">
                <NearPinMap
                  latitude={parseNumberInput(values.latitude)}
                  longitude={parseNumberInput(values.longitude)}
                  onPick={(latitude, longitude) => {
                    placeGiven.current = true;
                    change(
                      (current) => withCoordinates(current, latitude.toFixed(6), longitude.toFixed(6)),
                      placeFields,
                    );
                  }}
                />
              </div>
              {canLocate ? (
                <div className="form__wide">
                  <Button
                    variant="secondary"
                    onPress={() => fillCurrentLocation()}
                    isDisabled={isSaving || location.status === 'locating'}
                  >
                    {location.status === 'locating' ? 'Finding your location...' : 'Use my current location'}
                  </Button>
                  <p className="form__hint" role="status">
                    {location.status === 'found'
                      ? `Location found, to within ${formatNumber(location.accuracyMetres)} m.`
                      : location.status === 'failed'
                        ? location.reason
                        : ''}
                  </p>
                </div>
              ) : null}
            </div>
          </fieldset>

          <fieldset className="form__section">
            <legend>Animal</legend>
            <div className="form__grid">
              {choiceWithOther('species', 'Species', SPECIES, 'species_other', 'e.g. Hare')}
              <ChoiceGroup
                label="Sex"
                options={SEXES.map((sex) => ({
                  id: sex,
                  // In stalkers' words for the species chosen: "Female (doe)", "Male (stag)".
                  label: sexLabel({
                    species: values.species === OTHER ? values.species_other : values.species,
                    sex,
                    age_estimate: values.age_estimate,
                  }),
                }))}
                {...choiceProps('sex')}
                isRequired
                className="form__wide"
              />
              <ChoiceGroup
                label="Age estimate"
                options={AGE_ESTIMATES}
                {...choiceProps('age_estimate')}
                isRequired
                className="form__wide"
              />
              <NumberField label="Weight (kg)" step="0.1" min="0" {...textProps('weight')} />
              <ChoiceGroup
                label="Condition"
                options={CONDITIONS}
                {...choiceProps('condition')}
                isRequired
                className="form__wide"
              />
              <TextField
                label="Condition notes"
                multiline
                className="form__wide"
                {...textProps('condition_notes')}
              />
            </div>
          </fieldset>

          <WarningList
            warnings={warnings}
            record={formWarningFacts(values)}
            heading="Check before you save"
            live
          />

          <fieldset className="form__section">
            <legend>Antlers</legend>
            <div className="form__grid">
              <div className="form__wide">
                <Checkbox
                  name="antlers_present"
                  isSelected={values.antlers_present}
                  onChange={(checked) =>
                    update('antlers_present', checked, ['antler_points', 'antler_condition'])
                  }
                  isDisabled={isSaving}
                >
                  Antlers present
                </Checkbox>
              </div>
              {values.antlers_present ? (
                <>
                  <NumberField
                    label="Antler points"
                    step="1"
                    min="0"
                    inputMode="numeric"
                    {...textProps('antler_points')}
                  />
                  <Select
                    label="Antler condition"
                    options={ANTLER_CONDITIONS}
                    {...textProps('antler_condition')}
                  />
                </>
              ) : null}
            </div>
          </fieldset>

          <fieldset className="form__section">
            <legend>Shot</legend>
            <div className="form__grid">
              {choiceWithOther(
                'shot_placement',
                'Shot placement',
                SHOT_PLACEMENTS,
                'shot_placement_other',
                'e.g. Spine',
              )}
              <TextField
                label="Shot distance"
                placeholder="e.g. 150 metres, 80 yards"
                {...textProps('shot_distance')}
              />
              <TextField label="Notes" multiline className="form__wide" {...textProps('notes')} />
            </div>
          </fieldset>

          <CarcassSections
            key={`carcass-${restored}`}
            values={values.carcass}
            errors={errors}
            isDisabled={isSaving}
            onChange={(field, value) =>
              change((current) => ({ ...current, carcass: { ...current.carcass, [field]: value } }), [field])
            }
          />

          {photos ? (
            <PhotosSection
              key={`photos-${restored}`}
              draft={photos.draft}
              recordId={photos.recordId}
              isDisabled={isSaving}
            />
          ) : null}

          <div className="form__actions">
            {submitError ? (
              // The same failure beside the Save button, where the user is; the alert at the top announces it.
              <p className="form__actions-error">{submitError}</p>
            ) : null}
            <Button variant="secondary" onPress={onCancel} isDisabled={isSaving}>
              Cancel
            </Button>
            <Button type="submit" isDisabled={isSaving || (photos?.draft.preparing ?? 0) > 0}>
              {isSaving ? 'Saving...' : submitLabel}
            </Button>
          </div>
        </div>
      </form>

      <WeightConfirmDialog
        reason={weightQuestion}
        weight={values.weight}
        onChangeWeight={() => {
          setWeightQuestion(undefined);
          // Once the dialog has given the focus back (to Save), on to the weight to change.
          requestAnimationFrame(() =>
            formRef.current?.querySelector<HTMLElement>('input[name="weight"]')?.focus(),
          );
        }}
        onKeep={() => {
          keptWeight.current = values.weight;
          setWeightQuestion(undefined);
          void saveChecked(withGridRefTaken(values));
        }}
      />

      <DiscardFormDialog
        isOpen={blocker.state === 'blocked'}
        kind={unsavedKind}
        onKeepEditing={() => blocker.reset?.()}
        onDiscard={() => {
          leaving.current = true;
          draft.close();
          blocker.proceed?.();
        }}
      />
    </>
  );
}
