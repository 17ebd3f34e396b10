import {
  CALIBRES,
  GAME_DEALER,
  OTHER,
  listedCalibre,
  parseNumberInput,
  type AbnormalityCode,
  type BulletType,
  type CullFields,
  type CullCalibre,
} from '@cull-log/contracts';
import { muzzleEnergyJoules } from '@cull-log/domain';

/** The carcass fields as the form holds them: text as typed, choices as chosen. */
export interface CarcassFormValues {
  /** A listed calibre's name, Other, or nothing. */
  calibre: string;
  calibre_other: string;
  bore_in: string;
  bullet_weight_gr: string;
  bullet_type: string;
  muzzle_velocity_fps: string;
  muzzle_energy_j: string;
  shooter: string;
  carcass_tag: string;
  carcass_destination: string;
  game_dealer: string;
  examined_by: string;
  certificate_number: string;
  abnormal_behaviour: boolean;
  abnormalities: AbnormalityCode[];
  other_abnormality: string;
  contamination_suspected: boolean;
  temperature_c: string;
  wind_speed_mph: string;
  wind_direction: string;
  cloud: string;
  precipitation: string;
}

export type CarcassFormField = keyof CarcassFormValues;
export type CarcassFormErrors = Partial<Record<CarcassFormField, string>>;

export const CALIBRE_NAMES = CALIBRES.map((calibre) => calibre.name);

/** An empty set of carcass fields; the shooter is whoever is filling in the form, unless they change it. */
export function emptyCarcassValues(shooter = ''): CarcassFormValues {
  return {
    calibre: '',
    calibre_other: '',
    bore_in: '',
    bullet_weight_gr: '',
    bullet_type: '',
    muzzle_velocity_fps: '',
    muzzle_energy_j: '',
    shooter,
    carcass_tag: '',
    carcass_destination: '',
    game_dealer: '',
    examined_by: '',
    certificate_number: '',
    abnormal_behaviour: false,
    abnormalities: [],
    other_abnormality: '',
    contamination_suspected: false,
    temperature_c: '',
    wind_speed_mph: '',
    wind_direction: '',
    cloud: '',
    precipitation: '',
  };
}

const text = (value: number | string | undefined) => (value === undefined ? '' : String(value));

export function carcassValuesFromCull(cull: CullFields): CarcassFormValues {
  const listed = cull.calibre === undefined ? undefined : listedCalibre(cull.calibre.name);
  return {
    calibre: cull.calibre === undefined ? '' : (listed?.name ?? OTHER),
    calibre_other: cull.calibre === undefined || listed !== undefined ? '' : cull.calibre.name,
    bore_in: text(cull.calibre?.bore_in),
    bullet_weight_gr: text(cull.bullet_weight_gr),
    bullet_type: text(cull.bullet_type),
    muzzle_velocity_fps: text(cull.muzzle_velocity_fps),
    muzzle_energy_j: text(cull.muzzle_energy_j),
    shooter: text(cull.shooter),
    carcass_tag: text(cull.carcass_tag),
    carcass_destination: text(cull.carcass_destination),
    game_dealer: text(cull.game_dealer),
    examined_by: text(cull.inspection?.examined_by),
    certificate_number: text(cull.inspection?.certificate_number),
    abnormal_behaviour: cull.inspection?.abnormal_behaviour ?? false,
    abnormalities: [...(cull.inspection?.abnormalities ?? [])],
    other_abnormality: text(cull.inspection?.other_abnormality),
    contamination_suspected: cull.inspection?.contamination_suspected ?? false,
    temperature_c: text(cull.weather?.temperature_c),
    wind_speed_mph: text(cull.weather?.wind_speed_mph),
    wind_direction: text(cull.weather?.wind_direction),
    cloud: text(cull.weather?.cloud),
    precipitation: text(cull.weather?.precipitation),
  };
}

const blankToUndefined = (value: string) => (value.trim() === '' ? undefined : value);

/** The calibre the form describes: a listed one by name, or one typed under Other with its bore if given. */
function calibreOf(values: CarcassFormValues): Partial<CullCalibre> | undefined {
  if (values.calibre === '') return undefined;
  if (values.calibre !== OTHER) return { name: values.calibre };
  return { name: values.calibre_other, bore_in: parseNumberInput(values.bore_in) };
}

/** Whether the inspection part says anything: only then is an inspection sent, and its examiner required. */
function inspected(values: CarcassFormValues): boolean {
  return (
    values.examined_by.trim() !== '' ||
    values.certificate_number.trim() !== '' ||
    values.abnormal_behaviour ||
    values.contamination_suspected ||
    values.abnormalities.length > 0 ||
    values.other_abnormality.trim() !== ''
  );
}

/** The carcass fields of the record the form describes, before validation (numbers parsed, empties left empty). */
export function carcassCandidate(values: CarcassFormValues): Record<string, unknown> {
  return {
    calibre: calibreOf(values),
    bullet_weight_gr: parseNumberInput(values.bullet_weight_gr),
    bullet_type: blankToUndefined(values.bullet_type),
    muzzle_velocity_fps: parseNumberInput(values.muzzle_velocity_fps),
    muzzle_energy_j: parseNumberInput(values.muzzle_energy_j),
    shooter: values.shooter,
    carcass_tag: values.carcass_tag,
    carcass_destination: blankToUndefined(values.carcass_destination),
    ...(values.carcass_destination === GAME_DEALER ? { game_dealer: values.game_dealer } : {}),
    inspection: inspected(values)
      ? {
          examined_by: values.examined_by,
          certificate_number: values.certificate_number,
          abnormal_behaviour: values.abnormal_behaviour,
          abnormalities: values.abnormalities,
          other_abnormality: values.abnormalities.includes('other') ? values.other_abnormality : undefined,
          contamination_suspected: values.contamination_suspected,
        }
      : undefined,
    weather: {
      temperature_c: parseNumberInput(values.temperature_c),
      wind_speed_mph: parseNumberInput(values.wind_speed_mph),
      wind_direction: blankToUndefined(values.wind_direction),
      cloud: blankToUndefined(values.cloud),
      precipitation: blankToUndefined(values.precipitation),
    },
  };
}

const PARTS: Record<string, CarcassFormField> = {
  'calibre.bore_in': 'bore_in',
  inspection: 'examined_by',
  weather: 'temperature_c',
};

/** Where a message about a carcass field (named as the API names it, `inspection.examined_by`) is shown. */
export function carcassFormFieldFor(field: string, values: CarcassFormValues): CarcassFormField | undefined {
  if (field === 'calibre' || field === 'calibre.name')
    return values.calibre === OTHER ? 'calibre_other' : 'calibre';
  if (field in PARTS) return PARTS[field];
  const [top, part] = field.split('.');
  const name = (top === 'inspection' || top === 'weather' ? part : top) as string;
  return name in values ? (name as CarcassFormField) : undefined;
}

/** The rifle as the calibre rule sees it: the energy given, or worked out from the load as the server will. */
export function rifleFacts(values: CarcassFormValues): {
  calibre: CullCalibre | null;
  bullet_weight_gr: number | null;
  bullet_type: BulletType | null;
  muzzle_energy_j: number | null;
} {
  const calibre = calibreOf(values);
  const weight = parseNumberInput(values.bullet_weight_gr);
  const velocity = parseNumberInput(values.muzzle_velocity_fps);
  const energy =
    parseNumberInput(values.muzzle_energy_j) ??
    (weight !== undefined && velocity !== undefined ? muzzleEnergyJoules(weight, velocity) : undefined);
  return {
    calibre: calibre?.name ? (calibre as CullCalibre) : null,
    bullet_weight_gr: weight ?? null,
    bullet_type: values.bullet_type === '' ? null : (values.bullet_type as BulletType),
    muzzle_energy_j: energy ?? null,
  };
}
