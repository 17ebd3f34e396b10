import type { AgeEstimate, Sex } from '@cull-log/contracts';

/**
 * The words stalkers use for a deer's sex and age, species by species: a roe buck, doe and kid; a red or sika stag,
 * hind and calf; a fallow buck, doe and fawn, a yearling fallow or sika male being a pricket; a muntjac or Chinese
 * water deer buck and doe. A "follower" is a female's young of the year, of any deer.
 */
interface SpeciesWords {
  readonly male: string;
  readonly female: string;
  /** The young of the year, or undefined where the record's sex word serves. */
  readonly young?: string;
  /** A yearling male (`Young Adult`), where stalkers name one. */
  readonly yearlingMale?: string;
}

const WORDS_BY_SPECIES: Readonly<Record<string, SpeciesWords>> = {
  'Roe Deer': { male: 'buck', female: 'doe', young: 'kid' },
  'Red Deer': { male: 'stag', female: 'hind', young: 'calf' },
  'Sika Deer': { male: 'stag', female: 'hind', young: 'calf', yearlingMale: 'pricket' },
  'Fallow Deer': { male: 'buck', female: 'doe', young: 'fawn', yearlingMale: 'pricket' },
  Muntjac: { male: 'buck', female: 'doe' },
  'Chinese Water Deer': { male: 'buck', female: 'doe' },
};

/** The deer species stalkers have words for; a fox, a rabbit or another species has none. */
export const DEER_SPECIES: readonly string[] = Object.keys(WORDS_BY_SPECIES);

/**
 * The word stalkers use for an animal of this species, sex and age ("doe", "hind calf", "pricket"), or undefined
 * where there is none (not a deer, or a sex not known on an adult).
 */
export function sexWord(species: string, sex: string, age: string): string | undefined {
  const words = WORDS_BY_SPECIES[species];
  if (words === undefined) return undefined;
  const adultWord = sex === 'Male' ? words.male : sex === 'Female' ? words.female : undefined;
  if (age === 'Young' && words.young !== undefined)
    return adultWord === undefined ? words.young : `${adultWord} ${words.young}`;
  if (age === 'Young Adult' && sex === 'Male' && words.yearlingMale !== undefined) return words.yearlingMale;
  return adultWord;
}

/** What a typed stalkers' word means: the species it may be (any deer when absent), the sex and the ages. */
/**
 * A record's sex as the app shows it, with the stalkers' word beside it where there is one: "Female (doe)",
 * "Male (pricket)", "Unknown (kid)"; "Female" alone for a fox.
 */
export function sexLabel(record: { species: string; sex: string; age_estimate: string }): string {
  const word = sexWord(record.species, record.sex, record.age_estimate);
  return word === undefined ? record.sex : `${record.sex} (${word})`;
}

export interface WordMeaning {
  readonly species?: readonly string[];
  readonly sex?: Sex;
  readonly ages?: readonly AgeEstimate[];
}

const speciesCalling = (pick: (words: SpeciesWords) => string | undefined, word: string) =>
  DEER_SPECIES.filter((species) => pick(WORDS_BY_SPECIES[species]!) === word);

/** The sex and age words, each with what it means. */
const MEANINGS: ReadonlyMap<string, WordMeaning> = new Map<string, WordMeaning>([
  ...(['buck', 'stag'] as const).map((word): [string, WordMeaning] => [
    word,
    { species: speciesCalling((words) => words.male, word), sex: 'Male' },
  ]),
  ...(['doe', 'hind'] as const).map((word): [string, WordMeaning] => [
    word,
    { species: speciesCalling((words) => words.female, word), sex: 'Female' },
  ]),
  ...(['kid', 'calf', 'fawn'] as const).map((word): [string, WordMeaning] => [
    word,
    { species: speciesCalling((words) => words.young, word), ages: ['Young'] },
  ]),
  [
    'pricket',
    {
      species: speciesCalling((words) => words.yearlingMale, 'pricket'),
      sex: 'Male',
      ages: ['Young Adult'],
    },
  ],
  ['follower', { species: DEER_SPECIES, ages: ['Young'] }],
]);

/** The species' own short names as typed ("roe", "sika", "cwd"), each meaning its species. */
const SPECIES_NAMES: ReadonlyMap<string, string> = new Map([
  ['roe', 'Roe Deer'],
  ['red', 'Red Deer'],
  ['sika', 'Sika Deer'],
  ['fallow', 'Fallow Deer'],
  ['muntjac', 'Muntjac'],
  ['muntjack', 'Muntjac'],
  ['cwd', 'Chinese Water Deer'],
]);

/** A typed word with its plural ("does", "hinds", "calves") as its singular, lower-cased. */
function singular(typed: string): string {
  const word = typed.trim().toLowerCase();
  if (word === 'calves') return 'calf';
  if (MEANINGS.has(word)) return word;
  return word.endsWith('s') && MEANINGS.has(word.slice(0, -1)) ? word.slice(0, -1) : word;
}

/** Whether a typed word is a stalkers' word for a sex or an age (not a species' name). */
export function isStalkersWord(typed: string): boolean {
  return MEANINGS.has(singular(typed));
}

/** What words that contradict each other mean ("roe hind", "buck doe"): no animal at all. */
const NOTHING: WordMeaning = { species: [] };

/**
 * What typed words mean, read together ("roe doe", "sika pricket", "Hinds"): the species they allow, the sex and
 * the ages; no species at all when they contradict each other ("roe hind"); undefined when a word is neither a
 * stalkers' word nor a deer's name.
 */
export function meaningOfWords(typed: string): WordMeaning | undefined {
  const words = typed
    .trim()
    .toLowerCase()
    .split(/\s+/)
    .filter((word) => word !== '' && word !== 'deer');
  if (words.length === 0) return undefined;
  let species: readonly string[] | undefined;
  let sex: Sex | undefined;
  let ages: readonly AgeEstimate[] | undefined;
  for (const word of words) {
    const named = SPECIES_NAMES.get(word);
    const meaning: WordMeaning | undefined =
      named === undefined ? MEANINGS.get(singular(word)) : { species: [named] };
    if (meaning === undefined) return undefined;
    if (meaning.species !== undefined)
      species = species?.filter((one) => meaning.species!.includes(one)) ?? meaning.species;
    if (meaning.sex !== undefined) {
      if (sex !== undefined && sex !== meaning.sex) return NOTHING;
      sex = meaning.sex;
    }
    if (meaning.ages !== undefined) ages = ages?.filter((age) => meaning.ages!.includes(age)) ?? meaning.ages;
  }
  if (species?.length === 0 || ages?.length === 0) return NOTHING;
  return {
    ...(species !== undefined && { species }),
    ...(sex !== undefined && { sex }),
    ...(ages !== undefined && { ages }),
  };
}

/** A search as typed, read: the stalkers' words in it as what they mean, and the rest as text to find. */
export interface ReadSearch {
  /** The words that are not stalkers' words or deer's names, as typed (lower-cased, single-spaced). */
  readonly text: string;
  /** What the stalkers' words mean; absent when the search holds none. */
  readonly meaning?: WordMeaning;
}

/**
 * Reads a search box's text: with a stalkers' word in it ("roe doe", "hinds home wood"), that word and any deer's
 * name beside it become what they mean and the rest is text to find; without one, all of it is text, as ever.
 */
export function readSearch(typed: string): ReadSearch {
  const words = typed
    .trim()
    .toLowerCase()
    .split(/\s+/)
    .filter((word) => word !== '');
  if (!words.some(isStalkersWord)) return { text: typed.trim().toLowerCase() };
  const isWord = (word: string) => isStalkersWord(word) || SPECIES_NAMES.has(word) || word === 'deer';
  return {
    text: words.filter((word) => !isWord(word)).join(' '),
    meaning: meaningOfWords(words.filter(isWord).join(' ')) ?? NOTHING,
  };
}
