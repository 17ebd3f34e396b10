import {
  ABNORMALITIES,
  ABNORMALITY_CODES,
  BULLET_TYPES,
  CARCASS_DESTINATIONS,
  CLOUD_COVER,
  GAME_DEALER,
  OTHER,
  PRECIPITATION,
  WIND_DIRECTIONS,
  type AbnormalityCode,
} from '@cull-log/contracts';
import { useState, type ReactNode } from 'react';
import { useMediaQuery } from '../../ui/useMediaQuery';
import { Checkbox } from '../../ui/Checkbox';
import { NumberField } from '../../ui/NumberField';
import { Select } from '../../ui/Select';
import { TextField } from '../../ui/TextField';
import {
  CALIBRE_NAMES,
  type CarcassFormErrors,
  type CarcassFormField,
  type CarcassFormValues,
} from './carcass-form-model';

/** Below this width the form is on a phone: the optional sections start closed, so the minimal record stays short. */
export const PHONE_QUERY = '(max-width: 40em)';

/** The option that clears an optional choice; never a value of any list. */
const NOT_GIVEN = 'not-given';

type TextPart = {
  [K in CarcassFormField]: CarcassFormValues[K] extends string ? K : never;
}[CarcassFormField];

const SECTIONS = {
  rifle: [
    'calibre',
    'calibre_other',
    'bore_in',
    'bullet_weight_gr',
    'bullet_type',
    'muzzle_velocity_fps',
    'muzzle_energy_j',
    'shooter',
  ],
  carcass: [
    'carcass_tag',
    'carcass_destination',
    'game_dealer',
    'examined_by',
    'certificate_number',
    'abnormal_behaviour',
    'abnormalities',
    'other_abnormality',
    'contamination_suspected',
  ],
  weather: ['temperature_c', 'wind_speed_mph', 'wind_direction', 'cloud', 'precipitation'],
} as const satisfies Record<string, readonly CarcassFormField[]>;

type SectionName = keyof typeof SECTIONS;

/** Whether a section holds anything besides what a new form fills in by itself (the shooter). */
function holdsValues(name: SectionName, values: CarcassFormValues): boolean {
  return SECTIONS[name].some((field) => {
    if (field === 'shooter') return false;
    const value = values[field];
    return Array.isArray(value) ? value.length > 0 : typeof value === 'boolean' ? value : value !== '';
  });
}

interface CarcassSectionsProps {
  values: CarcassFormValues;
  errors: CarcassFormErrors;
  onChange<K extends CarcassFormField>(field: K, value: CarcassFormValues[K]): void;
  isDisabled: boolean;
}

/**
 * The record's optional parts, each a section that opens and closes: the rifle and shot, the carcass and its
 * inspection, the weather. On a phone they start closed unless they hold something, so a quick record stays quick;
 * a section with a refused field is open so the field can be seen. A closed section's fields are not drawn.
 */
export function CarcassSections({ values, errors, onChange, isDisabled }: CarcassSectionsProps) {
  const isPhone = useMediaQuery(PHONE_QUERY);
  const [open, setOpen] = useState<Record<SectionName, boolean>>(() => ({
    rifle: !isPhone || holdsValues('rifle', values),
    carcass: !isPhone || holdsValues('carcass', values),
    weather: !isPhone || holdsValues('weather', values),
  }));

  // A section holding a refused field is open, so the field can be seen and the focus can reach it.
  const refused = (name: SectionName) => SECTIONS[name].some((field) => errors[field] !== undefined);
  const isOpen = (name: SectionName) => open[name] || refused(name);

  const textProps = (field: TextPart) => ({
    name: field,
    value: values[field],
    onChange: (value: string) => onChange(field, value),
    error: errors[field],
    isDisabled,
  });

  /** An optional choice, with a first option that takes it back to not given. */
  const choice = (field: TextPart, label: string, options: readonly string[]) => (
    <Select
      label={label}
      name={field}
      options={[{ id: NOT_GIVEN, label: 'Not given' }, ...options]}
      placeholder="Not given"
      value={values[field]}
      onChange={(value) => onChange(field, value === NOT_GIVEN ? '' : value)}
      error={errors[field]}
      isDisabled={isDisabled}
    />
  );

  function section(name: SectionName, title: string, children: ReactNode) {
    return (
      <details
        className="form__section form__section--optional"
        open={isOpen(name)}
        onToggle={(event) => {
          const opened = event.currentTarget.open;
          setOpen((current) => (current[name] === opened ? current : { ...current, [name]: opened }));
        }}
      >
        <summary>{title}</summary>
        {/* A closed section's fields are drawn when it opens: a quick record on a phone draws half the form. */}
        {isOpen(name) && <div className="form__grid">{children}</div>}
      </details>
    );
  }

  function toggleAbnormality(code: AbnormalityCode, isSelected: boolean) {
    const next = isSelected
      ? [...values.abnormalities, code]
      : values.abnormalities.filter((listed) => listed !== code);
    onChange(
      'abnormalities',
      ABNORMALITY_CODES.filter((listed) => next.includes(listed)),
    );
  }

  return (
    <>
      {section(
        'rifle',
        'Rifle and shot',
        <>
          {choice('calibre', 'Calibre', [...CALIBRE_NAMES, OTHER])}
          {values.calibre === OTHER ? (
            <>
              <TextField
                label="Other calibre"
                placeholder="e.g. .275 Rigby"
                {...textProps('calibre_other')}
              />
              <NumberField
                label="Bore (inches)"
                step="0.001"
                min="0"
                placeholder="e.g. 0.284"
                {...textProps('bore_in')}
              />
            </>
          ) : null}
          <NumberField label="Bullet weight (grains)" step="1" min="0" {...textProps('bullet_weight_gr')} />
          {choice('bullet_type', 'Bullet type', BULLET_TYPES)}
          <NumberField
            label="Muzzle velocity (ft/s)"
            step="1"
            min="0"
            {...textProps('muzzle_velocity_fps')}
          />
          <NumberField
            label="Muzzle energy (J)"
            step="1"
            min="0"
            placeholder="Worked out from weight and velocity"
            {...textProps('muzzle_energy_j')}
          />
          <TextField label="Shooter" {...textProps('shooter')} />
        </>,
      )}
      {section(
        'carcass',
        'Carcass and inspection',
        <>
          <TextField label="Carcass tag" placeholder="e.g. AF-0042" {...textProps('carcass_tag')} />
          {choice('carcass_destination', 'Carcass destination', CARCASS_DESTINATIONS)}
          {values.carcass_destination === GAME_DEALER ? (
            <TextField label="Game dealer" {...textProps('game_dealer')} />
          ) : null}
          <TextField label="Examined by" placeholder="The trained hunter" {...textProps('examined_by')} />
          <TextField label="Certificate number" {...textProps('certificate_number')} />
          <div className="form__wide">
            <Checkbox
              name="abnormal_behaviour"
              isSelected={values.abnormal_behaviour}
              onChange={(checked) => onChange('abnormal_behaviour', checked)}
              isDisabled={isDisabled}
            >
              Abnormal behaviour seen before the shot
            </Checkbox>
            <Checkbox
              name="contamination_suspected"
              isSelected={values.contamination_suspected}
              onChange={(checked) => onChange('contamination_suspected', checked)}
              isDisabled={isDisabled}
            >
              Environmental contamination suspected
            </Checkbox>
          </div>
          <fieldset className="form__wide form__choices">
            <legend>Abnormalities found</legend>
            {ABNORMALITY_CODES.map((code) => (
              <Checkbox
                key={code}
                name={`abnormality_${code}`}
                isSelected={values.abnormalities.includes(code)}
                onChange={(checked) => toggleAbnormality(code, checked)}
                isDisabled={isDisabled}
              >
                {ABNORMALITIES[code]}
              </Checkbox>
            ))}
            {errors.abnormalities ? (
              <p className="field__error" role="alert">
                {errors.abnormalities}
              </p>
            ) : null}
          </fieldset>
          {values.abnormalities.includes('other') ? (
            <TextField
              label="Other abnormality"
              isRequired
              multiline
              className="form__wide"
              {...textProps('other_abnormality')}
            />
          ) : null}
        </>,
      )}
      {section(
        'weather',
        'Weather',
        <>
          <NumberField label="Temperature (°C)" step="0.5" {...textProps('temperature_c')} />
          <NumberField label="Wind speed (mph)" step="1" min="0" {...textProps('wind_speed_mph')} />
          {choice('wind_direction', 'Wind direction', WIND_DIRECTIONS)}
          {choice('cloud', 'Cloud', CLOUD_COVER)}
          {choice('precipitation', 'Precipitation', PRECIPITATION)}
        </>,
      )}
    </>
  );
}
