import {
  AGE_CLASSES,
  SIGHTING_SEXES,
  type AgeClass,
  type SightingItem,
  type SightingSex,
} from '@cull-log/contracts';
import { useId, useState } from 'react';
import { Button } from '../../ui/Button';
import { ChoiceGroup } from '../../ui/ChoiceGroup';
import { speciesInOrder, type Species } from './sighting-species';

export interface SightingAddFormProps {
  /** This user's recent species, the latest first: listed first, the latest chosen already. */
  recent: readonly Species[];
  onAdd(line: Omit<SightingItem, 'count'>): void;
  onCancel(): void;
}

/** A new line of deer seen: the species, then its sex and age class, each "Unknown" until told. */
export function SightingAddForm({ recent, onAdd, onCancel }: SightingAddFormProps) {
  const id = useId();
  const [species, setSpecies] = useState<string>(recent[0] ?? '');
  const [sex, setSex] = useState<SightingSex>('Unknown');
  const [ageClass, setAgeClass] = useState<AgeClass>('Unknown');
  return (
    <div className="sighting-add" role="group" aria-label="New line of deer seen">
      <ChoiceGroup
        label="Species"
        name={`${id}-species`}
        options={speciesInOrder(recent)}
        value={species}
        onChange={setSpecies}
      />
      <ChoiceGroup
        label="Sex"
        name={`${id}-sex`}
        options={SIGHTING_SEXES}
        value={sex}
        onChange={(value) => setSex(value as SightingSex)}
      />
      <ChoiceGroup
        label="Age class"
        name={`${id}-age`}
        options={AGE_CLASSES}
        value={ageClass}
        onChange={(value) => setAgeClass(value as AgeClass)}
      />
      <div className="sighting-add__actions">
        <Button variant="secondary" onPress={onCancel}>
          Cancel
        </Button>
        <Button
          isDisabled={species === ''}
          onPress={() => onAdd({ species: species as Species, sex, age_class: ageClass })}
        >
          Add line
        </Button>
      </div>
    </div>
  );
}
