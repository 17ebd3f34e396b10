import {
  AGE_CLASSES,
  COUNT_METHODS,
  SIGHTING_SEXES,
  SPECIES,
  type Count,
  type CountMethod,
  type Ground,
} from '@cull-log/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { ApiRequestError, errorMessage } from '../../api/client';
import { refreshAfter } from '../../api/keys';
import { useOnline } from '../../api/useOnline';
import { useSendOrQueue } from '../../api/writes';
import { localIsoDate } from '../../lib/format';
import { randomUuid } from '../../lib/uuid';
import { Button } from '../../ui/Button';
import { Select } from '../../ui/Select';
import { TextField } from '../../ui/TextField';
import { amendCount } from './api';
import {
  amendRequest,
  draftOf,
  DUNG_FIELDS,
  lineKey,
  newDraft,
  nextSexAndAge,
  recordRequest,
  type CountDraft,
  type DraftDung,
  type DraftLine,
} from './count-draft';
import { methodLabel, sexAndAge } from './count-words';
import { DeerCounter } from './DeerCounter';

const DUNG_LABELS: Record<(typeof DUNG_FIELDS)[number], { label: string; hint: string; integer: boolean }> = {
  plots: { label: 'Plots counted', hint: 'How many cleared plots were searched', integer: true },
  plot_area_m2: { label: 'Area of each plot (m²)', hint: 'For example 10', integer: false },
  pellet_groups: { label: 'Pellet groups found', hint: 'On all the plots together', integer: true },
  days_since_clearance: {
    label: 'Days since the plots were cleared',
    hint: 'From clearance to this count',
    integer: true,
  },
  defecation_rate: {
    label: 'Defecation rate (groups a deer a day)',
    hint: 'A published rate for the species and season: most run from about 10 to 30',
    integer: false,
  },
};

interface CountFormProps {
  ground: Ground;
  /** The count being changed; none for a new one. */
  count: Count | undefined;
  /** The species a new count starts with: the one last counted on the ground. */
  species: DraftLine['species'];
  /** `queued`: a new count kept on this device, to be sent when there is a signal. */
  onDone(saved: Pick<Count, 'method' | 'date'> | undefined, queued?: boolean): void;
}

/**
 * Recording or changing a count: the day, the method, and the deer line by line (or a dung count's plots). A new count
 * made with no signal is kept in the outbox and sent when the signal is back; a change is made with a signal.
 */
export function CountForm({ ground, count, species, onDone }: CountFormProps) {
  const queryClient = useQueryClient();
  const online = useOnline();
  const [draft, setDraft] = useState<CountDraft>(() =>
    count ? draftOf(count, species) : newDraft(localIsoDate(new Date()), species),
  );
  const [id] = useState(randomUuid);
  // The line to add: the species last listed, and its first sex and age class not yet listed.
  const [adding, setAdding] = useState<Pick<DraftLine, 'species' | 'sex' | 'age_class'>>(() => {
    const last = draft.lines.at(-1)?.species ?? species;
    return { species: last, ...nextSexAndAge(draft.lines, last) };
  });
  const set = (changes: Partial<CountDraft>) => setDraft((current) => ({ ...current, ...changes }));
  const setLine = (key: number, changes: Partial<DraftLine>) =>
    set({ lines: draft.lines.map((line) => (line.key === key ? { ...line, ...changes } : line)) });
  const setDung = (changes: Partial<DraftDung>) => set({ dung: { ...draft.dung, ...changes } });

  const sendOrQueue = useSendOrQueue();
  const save = useMutation({
    mutationFn: async (): Promise<{ saved: Pick<Count, 'method' | 'date'>; queued: boolean }> => {
      if (count) return { saved: await amendCount(count.id, amendRequest(count, draft)), queued: false };
      const { id: _id, ...body } = recordRequest(id, ground.id, draft);
      const outcome = await sendOrQueue({ kind: 'record-count', recordId: id, body });
      return { saved: body, queued: outcome === 'queued' };
    },
    onSuccess: async ({ saved, queued }) => {
      // A count kept on the device has nothing new to read yet: the list shows it from the outbox.
      if (!queued) await refreshAfter(queryClient, 'count');
      onDone(saved, queued);
    },
  });
  const fields = save.error instanceof ApiRequestError ? (save.error.fields ?? {}) : {};

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    save.mutate();
  }

  function addLine() {
    const lines = [...draft.lines, { key: lineKey(), ...adding, count: '0' }];
    set({ lines });
    setAdding({ species: adding.species, ...nextSexAndAge(lines, adding.species) });
  }

  const dung = draft.method === 'dung';
  const title = count ? `Change the count of ${count.date}` : `New count on ${ground.name}`;
  return (
    <form className="form count-form" onSubmit={submit} noValidate aria-label={title}>
      {save.error ? (
        <p className="form-error" role="alert">
          {errorMessage(save.error)}
        </p>
      ) : null}
      <div className="form__grid">
        <TextField
          label="Date"
          type="date"
          name="count_date"
          isRequired
          value={draft.date}
          onChange={(date) => set({ date })}
          error={fields.date}
        />
        <Select
          label="Method"
          name="count_method"
          options={COUNT_METHODS.map((method) => ({ id: method, label: methodLabel(method) }))}
          value={draft.method}
          onChange={(method) => set({ method: method as CountMethod })}
          error={fields.method}
        />
      </div>
      {dung ? (
        <fieldset className="count-form__dung">
          <legend>Plots</legend>
          <Select
            label="Species"
            name="dung_species"
            options={SPECIES}
            value={draft.dung.species}
            onChange={(chosen) => setDung({ species: chosen as DraftDung['species'] })}
            error={fields['dung.species']}
          />
          <div className="form__grid">
            {DUNG_FIELDS.map((name) => (
              <TextField
                key={name}
                label={DUNG_LABELS[name].label}
                description={DUNG_LABELS[name].hint}
                name={`dung_${name}`}
                type="number"
                inputMode={DUNG_LABELS[name].integer ? 'numeric' : 'decimal'}
                min={0}
                value={draft.dung[name]}
                onChange={(value) => setDung({ [name]: value })}
                error={fields[`dung.${name}`]}
              />
            ))}
          </div>
          {fields.dung ? <p className="field__error">{fields.dung}</p> : null}
          <p className="form__hint">The density and its working are shown once the count is saved.</p>
        </fieldset>
      ) : (
        <fieldset className="count-form__lines">
          <legend>Deer counted</legend>
          {draft.lines.length === 0 ? <p className="muted">No lines yet: add one below.</p> : null}
          <ul className="count-form__list">
            {draft.lines.map((line, index) => {
              const label = `${line.species}, ${sexAndAge(line)}`;
              return (
                <li key={line.key} className="count-form__line">
                  <DeerCounter
                    label={label}
                    value={line.count}
                    onChange={(value) => setLine(line.key, { count: value })}
                    error={fields[`items.${index}.count`] ?? fields[`items.${index}`]}
                  >
                    <Button
                      variant="ghost"
                      className="count-form__remove"
                      aria-label={`Remove the line ${label}`}
                      onPress={() => set({ lines: draft.lines.filter((each) => each.key !== line.key) })}
                    >
                      ✕
                    </Button>
                  </DeerCounter>
                </li>
              );
            })}
          </ul>
          {fields.items ? <p className="field__error">{fields.items}</p> : null}
          <div className="count-form__add" role="group" aria-label="Add a line">
            <Select
              label="Species"
              name="line_species"
              options={SPECIES}
              value={adding.species}
              onChange={(chosen) => {
                const next = chosen as DraftLine['species'];
                setAdding({ species: next, ...nextSexAndAge(draft.lines, next) });
              }}
            />
            <Select
              label="Sex"
              name="line_sex"
              options={SIGHTING_SEXES}
              value={adding.sex}
              onChange={(sex) => setAdding({ ...adding, sex: sex as DraftLine['sex'] })}
            />
            <Select
              label="Age class"
              name="line_age"
              options={AGE_CLASSES}
              value={adding.age_class}
              onChange={(age) => setAdding({ ...adding, age_class: age as DraftLine['age_class'] })}
            />
            <Button variant="secondary" onPress={addLine}>
              + Add a line
            </Button>
          </div>
        </fieldset>
      )}
      <TextField
        label="Observers’ notes"
        name="count_notes"
        multiline
        value={draft.notes}
        onChange={(notes) => set({ notes })}
        error={fields.notes}
      />
      {online ? null : (
        <p className="form__hint">
          {count
            ? 'Changes to a count are saved when there is a signal.'
            : 'The count is kept on this device and sent when there is a signal.'}
        </p>
      )}
      <div className="form__actions">
        <Button variant="secondary" onPress={() => onDone(undefined)} isDisabled={save.isPending}>
          Cancel
        </Button>
        <Button type="submit" isDisabled={(count !== undefined && !online) || save.isPending}>
          {save.isPending ? 'Saving...' : 'Save count'}
        </Button>
      </div>
    </form>
  );
}
