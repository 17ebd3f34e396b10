import type { ImportColumnMapping, ImportMapping, ImportTarget } from '@cull-log/contracts';
import { useState } from 'react';
import { Button } from '../../ui/Button';
import { Select } from '../../ui/Select';
import {
  DATE_ORDER_OPTIONS,
  LEAVE_OUT,
  sameMapping,
  TARGET_OPTIONS,
  takesDateOrder,
  unitOptions,
  withField,
} from './mapping';

interface MappingEditorProps {
  /** The mapping the preview was read with: the server's guess, or what the user applied. */
  mapping: ImportMapping;
  isBusy: boolean;
  onApply(mapping: ImportMapping): void;
  onSave(mapping: ImportMapping): void;
}

function ColumnChoice({
  column,
  onChange,
  isDisabled,
}: {
  column: ImportColumnMapping;
  onChange(column: ImportColumnMapping): void;
  isDisabled: boolean;
}) {
  const units = unitOptions(column.field);
  const header = column.header.trim() === '' ? `Column ${column.column + 1}` : column.header;
  return (
    <li className="import-mapping__column">
      <Select
        label={header}
        options={TARGET_OPTIONS}
        value={column.field ?? LEAVE_OUT}
        isDisabled={isDisabled}
        onChange={(value) =>
          onChange(withField(column, value === LEAVE_OUT || value === '' ? null : (value as ImportTarget)))
        }
      />
      {units === undefined ? null : (
        <Select
          label={`${header}: unit`}
          options={units}
          value={column.unit ?? units[0]!.id}
          isDisabled={isDisabled}
          onChange={(unit) => onChange({ ...column, unit: unit as NonNullable<ImportColumnMapping['unit']> })}
        />
      )}
      {takesDateOrder(column.field) ? (
        <Select
          label={`${header}: date order`}
          options={DATE_ORDER_OPTIONS}
          value={column.date_order ?? 'dmy'}
          isDisabled={isDisabled}
          onChange={(order) =>
            onChange({ ...column, date_order: order as NonNullable<ImportColumnMapping['date_order']> })
          }
        />
      ) : null}
    </li>
  );
}

/**
 * Each column of the file with what it fills, as the server guessed it, for the user to correct: Apply reads the
 * file again with the changes; Save keeps them on this device for the next file with the same columns.
 */
export function MappingEditor({ mapping, isBusy, onApply, onSave }: MappingEditorProps) {
  const [draft, setDraft] = useState(mapping);
  const changed = !sameMapping(draft, mapping);
  return (
    <form
      className="import-mapping"
      onSubmit={(event) => {
        event.preventDefault();
        onApply(draft);
      }}
    >
      <p className="form__hint">
        Choose what each column of your file fills in a record, or leave it out. Apply reads the file again
        with your choices; nothing is imported until you say so.
      </p>
      <ul className="import-mapping__columns">
        {draft.map((column) => (
          <ColumnChoice
            key={column.column}
            column={column}
            isDisabled={isBusy}
            onChange={(next) =>
              setDraft((columns) => columns.map((each) => (each.column === next.column ? next : each)))
            }
          />
        ))}
      </ul>
      <div className="form__actions">
        <Button type="submit" isDisabled={isBusy || !changed}>
          Apply
        </Button>
        <Button variant="secondary" isDisabled={isBusy} onPress={() => onSave(draft)}>
          Save this mapping
        </Button>
      </div>
    </form>
  );
}
