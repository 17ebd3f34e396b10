import { AGE_ESTIMATES, CONDITIONS, SEXES, SHOT_PLACEMENTS, type ImportDefaults } from '@cull-log/contracts';
import { useState } from 'react';
import { Button } from '../../ui/Button';
import { Select } from '../../ui/Select';
import { TextField } from '../../ui/TextField';

type DefaultField = keyof ImportDefaults;

/** Each field a file may lack, as the record form names it, and how its one value is chosen. */
const FIELDS: Record<DefaultField, { label: string; choices?: readonly string[]; type?: 'time' }> = {
  time: { label: 'Time', type: 'time' },
  location_name: { label: 'Location' },
  sex: { label: 'Sex', choices: SEXES },
  age_estimate: { label: 'Age estimate', choices: AGE_ESTIMATES },
  condition: { label: 'Condition', choices: CONDITIONS },
  shot_placement: { label: 'Shot placement', choices: SHOT_PLACEMENTS },
};

interface DefaultsChooserProps {
  /** Fields still without a value, for which every row is refused. */
  needed: readonly DefaultField[];
  /** The values the preview was read with. */
  chosen: ImportDefaults;
  isBusy: boolean;
  onApply(defaults: ImportDefaults): void;
}

/**
 * A value for a field the file has no column for, given once for every row of it: the user chooses it, as the server
 * never fills a record in by itself.
 */
export function DefaultsChooser({ needed, chosen, isBusy, onApply }: DefaultsChooserProps) {
  const fields = (Object.keys(FIELDS) as DefaultField[]).filter(
    (field) => needed.includes(field) || chosen[field] !== undefined,
  );
  const [draft, setDraft] = useState<Record<string, string>>(() =>
    Object.fromEntries(fields.map((field) => [field, chosen[field] ?? ''])),
  );
  const filled = Object.fromEntries(
    Object.entries(draft)
      .map(([field, value]) => [field, value.trim()] as const)
      .filter(([, value]) => value !== ''),
  ) as ImportDefaults;
  const changed = fields.some((field) => (filled[field] ?? '') !== (chosen[field] ?? ''));
  if (fields.length === 0) return null;
  return (
    <form
      className="import-defaults"
      onSubmit={(event) => {
        event.preventDefault();
        onApply(filled);
      }}
    >
      {fields.map((field) => {
        const { label, choices, type } = FIELDS[field];
        const description = `Your file has no ${label.toLowerCase()}: every row takes the value you choose here.${
          needed.includes(field) ? ' Until you choose one, those rows are refused.' : ''
        }`;
        const onChange = (value: string) => setDraft((values) => ({ ...values, [field]: value }));
        return choices === undefined ? (
          <TextField
            key={field}
            label={label}
            type={type ?? 'text'}
            value={draft[field] ?? ''}
            onChange={onChange}
            description={description}
            isRequired
            isDisabled={isBusy}
          />
        ) : (
          <Select
            key={field}
            label={label}
            options={choices}
            value={draft[field] ?? ''}
            onChange={onChange}
            description={description}
            isRequired
            isDisabled={isBusy}
          />
        );
      })}
      <div className="form__actions">
        <Button type="submit" isDisabled={isBusy || !changed}>
          Use for every row
        </Button>
      </div>
    </form>
  );
}
