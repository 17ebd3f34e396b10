import {
  AGE_CLASSES,
  SIGHTING_SEXES,
  type AgeClass,
  type AmendCountRequest,
  type Count,
  type CountItem,
  type CountMethod,
  type DungCount,
  type RecordCountRequest,
  type SightingSex,
} from '@cull-log/contracts';

/** A line of the form: its deer, and the number as typed. */
export interface DraftLine {
  key: number;
  species: CountItem['species'];
  sex: SightingSex;
  age_class: AgeClass;
  count: string;
}

/** A dung count's plots as typed. */
export type DraftDung = Record<Exclude<keyof DungCount, 'species'>, string> & {
  species: DungCount['species'];
};

export interface CountDraft {
  date: string;
  method: CountMethod;
  lines: DraftLine[];
  notes: string;
  dung: DraftDung;
}

export const DUNG_FIELDS = [
  'plots',
  'plot_area_m2',
  'pellet_groups',
  'days_since_clearance',
  'defecation_rate',
] as const;

let nextKey = 1;
export const lineKey = () => nextKey++;

/** The lines a species is usually counted in: adult males, adult females, and the young. */
const USUAL: ReadonlyArray<Pick<DraftLine, 'sex' | 'age_class'>> = [
  { sex: 'Male', age_class: 'Adult' },
  { sex: 'Female', age_class: 'Adult' },
  { sex: 'Unknown', age_class: 'Young' },
];

/** Every sex and age class, the usual ones first: the next line offered for a species is the first not yet listed. */
const EVERY = [
  ...USUAL,
  ...SIGHTING_SEXES.flatMap((sex) => AGE_CLASSES.map((age_class) => ({ sex, age_class }))).filter(
    (each) => !USUAL.some((usual) => usual.sex === each.sex && usual.age_class === each.age_class),
  ),
];

export function usualLines(species: DraftLine['species']): DraftLine[] {
  return USUAL.map((each) => ({ key: lineKey(), species, ...each, count: '0' }));
}

/** The first sex and age class of a species not yet among the lines (the last one if every one is). */
export function nextSexAndAge(lines: readonly DraftLine[], species: string) {
  return (
    EVERY.find(
      (each) =>
        !lines.some(
          (line) => line.species === species && line.sex === each.sex && line.age_class === each.age_class,
        ),
    ) ?? { sex: 'Unknown' as const, age_class: 'Unknown' as const }
  );
}

const emptyDung = (species: DungCount['species']): DraftDung => ({
  plots: '',
  plot_area_m2: '',
  pellet_groups: '',
  days_since_clearance: '',
  defecation_rate: '',
  species,
});

/** A new count's form: today, from a vantage point, the usual lines of the species last counted on the ground. */
export function newDraft(today: string, species: DraftLine['species']): CountDraft {
  return {
    date: today,
    method: 'vantage_point',
    lines: usualLines(species),
    notes: '',
    dung: emptyDung(species),
  };
}

/** A count's form to change it. A dung count's lines are worked out by the server, so the form has its plots only. */
export function draftOf(count: Count, species: DraftLine['species']): CountDraft {
  return {
    date: count.date,
    method: count.method,
    lines:
      count.dung === null
        ? count.items.map((item) => ({ key: lineKey(), ...item, count: String(item.count) }))
        : [],
    notes: count.notes ?? '',
    dung:
      count.dung === null
        ? emptyDung(species)
        : {
            plots: String(count.dung.plots),
            plot_area_m2: String(count.dung.plot_area_m2),
            pellet_groups: String(count.dung.pellet_groups),
            days_since_clearance: String(count.dung.days_since_clearance),
            defecation_rate: String(count.dung.defecation_rate),
            species: count.dung.species,
          },
  };
}

/** A number as typed; an empty box is sent as nothing to count (null), which the server refuses by the field. */
const numberOf = (typed: string): number => (typed.trim() === '' ? Number.NaN : Number(typed));

function dungOf(dung: DraftDung): DungCount {
  return {
    plots: numberOf(dung.plots),
    plot_area_m2: numberOf(dung.plot_area_m2),
    pellet_groups: numberOf(dung.pellet_groups),
    days_since_clearance: numberOf(dung.days_since_clearance),
    defecation_rate: numberOf(dung.defecation_rate),
    species: dung.species,
  };
}

const itemsOf = (lines: readonly DraftLine[]): CountItem[] =>
  lines.map(({ species, sex, age_class, count }) => ({ species, sex, age_class, count: numberOf(count) }));

/** The body of POST /api/counts; the server judges the numbers and answers each refusal on its field. */
export function recordRequest(id: string, groundId: string, draft: CountDraft): RecordCountRequest {
  const notes = draft.notes.trim();
  return {
    id,
    ground_id: groundId,
    date: draft.date,
    method: draft.method,
    ...(draft.method === 'dung' ? { dung: dungOf(draft.dung) } : { items: itemsOf(draft.lines) }),
    ...(notes !== '' && { notes }),
  };
}

/** The body of PATCH /api/counts/:id: the whole count as the form has it, against the version it was read at. */
export function amendRequest(count: Count, draft: CountDraft): AmendCountRequest {
  const notes = draft.notes.trim();
  const dung = draft.method === 'dung';
  return {
    expected_version: count.version,
    date: draft.date,
    method: draft.method,
    items: dung ? [] : itemsOf(draft.lines),
    dung: dung ? dungOf(draft.dung) : null,
    notes: notes === '' ? null : notes,
  };
}
