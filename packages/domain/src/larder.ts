import {
  ABNORMALITIES,
  GAME_DEALER,
  type CullChanges,
  type CullFields,
  type CullInspection,
  type LarderEntry,
} from '@cull-log/contracts';
import { formatDateUk, type StalkingSeason } from './london-calendar';
import { toCsvLine } from './cull-csv';

/** The fields of a record the larder book and a declaration are made of. */
export type LarderFields = Pick<
  CullFields,
  | 'date'
  | 'time'
  | 'location_name'
  | 'grid_ref'
  | 'species'
  | 'sex'
  | 'age_estimate'
  | 'weight'
  | 'carcass_tag'
  | 'carcass_destination'
  | 'game_dealer'
  | 'inspection'
>;

export const LARDER_FIELD_NAMES = [
  'date',
  'time',
  'location_name',
  'grid_ref',
  'species',
  'sex',
  'age_estimate',
  'weight',
  'carcass_tag',
  'carcass_destination',
  'game_dealer',
  'inspection',
] as const satisfies readonly (keyof LarderFields)[];

/** The larder fields of a record, without the others. */
export function larderFields(fields: Partial<CullFields>): LarderFields {
  const picked: Record<string, unknown> = {};
  for (const name of LARDER_FIELD_NAMES) if (fields[name] !== undefined) picked[name] = fields[name];
  return picked as LarderFields;
}

/** What the examination found, in words: each finding, abnormal behaviour and suspected contamination included. */
export function inspectionFindings(inspection: CullInspection): string[] {
  const findings: string[] = [];
  if (inspection.abnormal_behaviour) findings.push('Abnormal behaviour before the shot');
  for (const code of inspection.abnormalities) {
    findings.push(
      code === 'other' && inspection.other_abnormality !== undefined
        ? `Other: ${inspection.other_abnormality}`
        : ABNORMALITIES[code],
    );
  }
  if (inspection.contamination_suspected) findings.push('Environmental contamination suspected');
  return findings;
}

/** The larder book's inspection column: "Passed: no abnormalities", what was found, or "Not examined". */
export function inspectionResult(inspection: CullInspection | undefined): string {
  if (inspection === undefined) return 'Not examined';
  const findings = inspectionFindings(inspection);
  return findings.length === 0 ? 'Passed: no abnormalities' : `Abnormal: ${findings.join('; ')}`;
}

/** Why a carcass gets no declaration, in a word: each reason the larder book explains once. */
export type DeclarationBar = 'not_sent' | 'not_examined' | 'abnormal' | 'no_tag';

/** What the larder book says of each reason: a few words on the carcass, and the reason in full once for all. */
export const DECLARATION_BARS: Record<DeclarationBar, { short: string; explanation: string }> = {
  not_sent: {
    short: 'not recovered or condemned',
    explanation: 'A carcass not recovered or condemned goes to no dealer, so it needs no declaration.',
  },
  not_examined: {
    short: 'no examination recorded',
    explanation:
      'A declaration states that a trained hunter examined the carcass and viscera: record who examined it and what they found.',
  },
  abnormal: {
    short: 'the examination found something',
    explanation:
      'A carcass whose examination found something abnormal goes to the game handling establishment with its head and viscera, for the official veterinarian to examine.',
  },
  no_tag: {
    short: 'no tag recorded',
    explanation: 'A declaration identifies each carcass by its tag: record the tag first.',
  },
};

/** Why no declaration can be made for this carcass, in a word; undefined when one can. */
export function declarationBar(fields: LarderFields): DeclarationBar | undefined {
  if (fields.carcass_destination === 'Not recovered' || fields.carcass_destination === 'Condemned') {
    return 'not_sent';
  }
  if (fields.inspection === undefined) return 'not_examined';
  if (inspectionFindings(fields.inspection).length > 0) return 'abnormal';
  if (fields.carcass_tag === undefined) return 'no_tag';
  return undefined;
}

/**
 * Why a trained hunter's declaration cannot be made for this carcass (Regulation (EC) 853/2004 Annex III
 * Section IV), or undefined when it can: it states that a trained person examined the carcass and found nothing
 * abnormal, saw no abnormal behaviour and suspects no contamination.
 */
export function declarationRefusal(fields: LarderFields): string | undefined {
  const carcass = fields.carcass_tag === undefined ? 'This carcass' : `Carcass ${fields.carcass_tag}`;
  switch (declarationBar(fields)) {
    case undefined:
      return undefined;
    case 'not_sent':
      return `${carcass} is recorded as ${fields.carcass_destination!.toLowerCase()}, so it goes to no dealer with a declaration.`;
    case 'not_examined':
      return `${carcass} has no examination recorded: a declaration states that a trained hunter examined the carcass and viscera, so record who examined it and what they found.`;
    case 'abnormal':
      return (
        `${carcass} gets no declaration because the examination recorded: ${inspectionFindings(fields.inspection!).join('; ')}. ` +
        'It goes to the game handling establishment with its head and viscera, for the official veterinarian to examine.'
      );
    case 'no_tag':
      return 'This carcass has no tag recorded: a declaration identifies each carcass by its tag, so record the tag first.';
  }
}

/**
 * What a declaration to a dealer keeps on a record it lists: the dealer, where the record names none, and "Game
 * dealer" as its destination where it has none. Nothing the stalker typed is overwritten: a record naming a dealer,
 * or another destination, is left as it is (undefined).
 */
export function declaredDealerChanges(
  fields: Pick<CullFields, 'carcass_destination' | 'game_dealer'>,
  dealer: string,
): CullChanges | undefined {
  if (fields.game_dealer !== undefined) return undefined;
  if (fields.carcass_destination === undefined) {
    return { carcass_destination: GAME_DEALER, game_dealer: dealer };
  }
  return fields.carcass_destination === GAME_DEALER ? { game_dealer: dealer } : undefined;
}

/** A record as the larder book lists it. */
export function larderEntry(id: string, fields: LarderFields): LarderEntry {
  const refusal = declarationRefusal(fields);
  return {
    id,
    ...fields,
    inspection_result: inspectionResult(fields.inspection),
    ...(refusal !== undefined && { declaration_refused: refusal }),
  };
}

/** The season a label (`2026/27`) names. */
export function seasonOfLabel(label: string): StalkingSeason {
  const start = Number(label.slice(0, 4));
  return { label, from: `${start}-04-01`, to: `${start + 1}-03-31` };
}

/** The larder book's CSV columns, in order. */
export const LARDER_CSV_HEADERS = [
  'Date',
  'Time',
  'Location',
  'Grid Reference',
  'Species',
  'Sex',
  'Age',
  'Weight',
  'Carcass Tag',
  'Destination',
  'Game Dealer',
  'Examined By',
  'Certificate Number',
  'Inspection',
] as const;

export const larderCsvHeader = toCsvLine(LARDER_CSV_HEADERS);

const text = (value: string | number | undefined) => (value === undefined ? '' : String(value));

/** One carcass as a line of the larder book's CSV: every cell quoted and neutralised against formulas. */
export function larderCsvLine(entry: LarderEntry): string {
  return toCsvLine(larderCsvValues(entry));
}

/** A team's larder book as CSV: the same columns, then who culled each carcass. */
export const teamLarderCsvHeader = toCsvLine([...LARDER_CSV_HEADERS, 'Culled by']);

/** One carcass as a line of a team's larder book's CSV. */
export function teamLarderCsvLine(entry: LarderEntry): string {
  return toCsvLine([...larderCsvValues(entry), entry.culled_by?.name ?? '']);
}

function larderCsvValues(entry: LarderEntry): string[] {
  return [
    formatDateUk(entry.date),
    entry.time,
    entry.location_name,
    text(entry.grid_ref),
    entry.species,
    entry.sex,
    entry.age_estimate,
    text(entry.weight),
    text(entry.carcass_tag),
    text(entry.carcass_destination),
    text(entry.game_dealer),
    text(entry.inspection?.examined_by),
    text(entry.inspection?.certificate_number),
    entry.inspection_result,
  ];
}
