/**
 * Other apps' and stalkers' words for the values of Cull Log's lists: each read to the list's value, and whether it
 * was the list's own word (case aside) or a near one that the preview names as adjusted.
 */
import {
  ABNORMALITIES,
  AGE_ESTIMATES,
  CALIBRES,
  CARCASS_DESTINATIONS,
  OTHER,
  SEXES,
  SHOT_PLACEMENTS,
  SPECIES,
  listedCalibre,
  type AbnormalityCode,
  type AgeEstimate,
  type Sex,
} from '@cull-log/contracts';
import { meaningOfWords } from '../stalkers-words';

/** A value read from a cell: what it becomes, and whether it was written as the list writes it. */
export interface Word<T extends string = string> {
  value: T;
  exact: boolean;
}

/** Lower-case, single-spaced, spaces around a slash dropped: "Heart / Lung" and "heart/lung" read alike. */
export function wordKey(text: string): string {
  return text
    .trim()
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .replace(/\s*\/\s*/g, '/');
}

function fromList<T extends string>(list: readonly T[], text: string): T | undefined {
  const key = wordKey(text);
  return list.find((value) => wordKey(value) === key);
}

/** Whether a cell holds the list's value exactly as the list writes it: anything else is shown as adjusted. */
const isExactly = (value: string, text: string) => value === text.trim();

function fromTable<T extends string>(table: Readonly<Record<string, T>>, text: string): T | undefined {
  const key = wordKey(text);
  return Object.hasOwn(table, key) ? table[key] : undefined;
}

/** What a species cell says: the species, and a sex or age when its words give them ("roe buck", "hind calf"). */
export interface SpeciesWord extends Word {
  /** True when the text is kept under Other, as typed. */
  other: boolean;
  sex?: Sex;
  age?: AgeEstimate;
}

const SPECIES_NAMES: Readonly<Record<string, string>> = {
  'water deer': 'Chinese Water Deer',
  'chinese water': 'Chinese Water Deer',
  fallow: 'Fallow Deer',
  sika: 'Sika Deer',
  roe: 'Roe Deer',
  red: 'Red Deer',
  reeves: 'Muntjac',
  'reeves muntjac': 'Muntjac',
  "reeves' muntjac": 'Muntjac',
  foxes: 'Fox',
  'red fox': 'Fox',
  rabbits: 'Rabbit',
};

/** A species: the list's own name, a short or stalkers' name ("Roe", "CWD", "roe buck"), or any other under Other. */
export function speciesWord(text: string): SpeciesWord {
  const listed = fromList(SPECIES, text);
  if (listed !== undefined && listed !== OTHER)
    return { value: listed, exact: isExactly(listed, text), other: false };
  const named = fromTable(SPECIES_NAMES, text);
  if (named !== undefined) return { value: named, exact: false, other: false };
  const meaning = meaningOfWords(text.replace(/[,/]/g, ' '));
  if (meaning?.species?.length === 1) {
    return {
      value: meaning.species[0]!,
      exact: false,
      other: false,
      ...(meaning.sex !== undefined && { sex: meaning.sex }),
      ...(meaning.ages?.length === 1 && { age: meaning.ages[0] }),
    };
  }
  return { value: text.trim(), exact: false, other: true };
}

const SEX_WORDS: Readonly<Record<string, Sex>> = {
  m: 'Male',
  male: 'Male',
  f: 'Female',
  female: 'Female',
  u: 'Unknown',
  unknown: 'Unknown',
  '?': 'Unknown',
  'n/k': 'Unknown',
  'not known': 'Unknown',
  unsexed: 'Unknown',
};

/** A sex: Male, Female or Unknown, M/F, or a stalkers' word (buck, doe, stag, hind, pricket), with its age if any. */
export function sexOfWord(text: string): (Word<Sex> & { age?: AgeEstimate }) | undefined {
  const listed = fromList(SEXES, text);
  if (listed !== undefined) return { value: listed, exact: isExactly(listed, text) };
  const table = fromTable(SEX_WORDS, text);
  if (table !== undefined) return { value: table, exact: false };
  const meaning = meaningOfWords(text);
  if (meaning?.sex === undefined) return undefined;
  return {
    value: meaning.sex,
    exact: false,
    ...(meaning.ages?.length === 1 && { age: meaning.ages[0] }),
  };
}

const AGE_WORDS: Readonly<Record<string, AgeEstimate>> = {
  'calf/kid/fawn': 'Young',
  calf: 'Young',
  kid: 'Young',
  fawn: 'Young',
  young: 'Young',
  juvenile: 'Young',
  follower: 'Young',
  'young of the year': 'Young',
  yearling: 'Young Adult',
  pricket: 'Young Adult',
  'sub-adult': 'Young Adult',
  'sub adult': 'Young Adult',
  subadult: 'Young Adult',
  juv: 'Young',
  mature: 'Mature Adult',
  'mature adult': 'Mature Adult',
  old: 'Old',
  aged: 'Old',
  'old adult': 'Old',
  elderly: 'Old',
  adult: 'Adult',
};

/** An age estimate: the list's own, or the nearest for another app's class ("Calf / Kid / Fawn", "Yearling"). */
export function ageWord(text: string): Word<AgeEstimate> | undefined {
  const listed = fromList(AGE_ESTIMATES, text);
  if (listed !== undefined) return { value: listed, exact: isExactly(listed, text) };
  const table = fromTable(AGE_WORDS, text);
  return table === undefined ? undefined : { value: table, exact: false };
}

type Placement = (typeof SHOT_PLACEMENTS)[number];

const PLACEMENT_WORDS: Readonly<Record<string, Placement>> = {
  heart: 'Heart/Lung',
  lung: 'Heart/Lung',
  lungs: 'Heart/Lung',
  'heart and lung': 'Heart/Lung',
  'heart & lung': 'Heart/Lung',
  'heart lung': 'Heart/Lung',
  chest: 'Heart/Lung',
  'engine room': 'Heart/Lung',
  'high shoulder': 'Shoulder',
  'high heart': 'Heart/Lung',
  'low shoulder': 'Shoulder',
  shoulder: 'Shoulder',
  neck: 'Head/Neck',
  head: 'Head/Neck',
  'head shot': 'Head/Neck',
  'neck shot': 'Head/Neck',
  liver: 'Liver',
  abdomen: 'Gut Shot',
  gut: 'Gut Shot',
  paunch: 'Gut Shot',
  stomach: 'Gut Shot',
  'gut shot': 'Gut Shot',
  haunch: 'Limb',
  leg: 'Limb',
  'hind leg': 'Limb',
  'fore leg': 'Limb',
  foreleg: 'Limb',
  limb: 'Limb',
};

/** A shot placement: the list's own, the nearest ("Heart / Lung", "Haunch"), or the text kept under Other ("Spine"). */
export function placementWord(text: string): Word & { other: boolean } {
  const listed = fromList(SHOT_PLACEMENTS, text);
  if (listed !== undefined) return { value: listed, exact: isExactly(listed, text), other: false };
  const table = fromTable(PLACEMENT_WORDS, text);
  if (table !== undefined) return { value: table, exact: false, other: false };
  return { value: text.trim(), exact: false, other: true };
}

type Destination = (typeof CARCASS_DESTINATIONS)[number];

const DESTINATION_WORDS: Readonly<Record<string, Destination>> = {
  dealer: 'Game dealer',
  'game dealer': 'Game dealer',
  'sold to dealer': 'Game dealer',
  'sold to game dealer': 'Game dealer',
  gd: 'Game dealer',
  ahe: 'Game dealer',
  own: 'Own use',
  'own use': 'Own use',
  home: 'Own use',
  kept: 'Own use',
  larder: 'Own use',
  'personal use': 'Own use',
  personal: 'Own use',
  freezer: 'Own use',
  given: 'Given away',
  gift: 'Given away',
  'given away': 'Given away',
  friend: 'Given away',
  family: 'Given away',
  client: 'Stalking client',
  guest: 'Stalking client',
  'stalking client': 'Stalking client',
  estate: 'Landowner/estate',
  landowner: 'Landowner/estate',
  'land owner': 'Landowner/estate',
  farmer: 'Landowner/estate',
  owner: 'Landowner/estate',
  lost: 'Not recovered',
  'not found': 'Not recovered',
  'not recovered': 'Not recovered',
  unrecovered: 'Not recovered',
  condemned: 'Condemned',
  rejected: 'Condemned',
  disposed: 'Condemned',
  destroyed: 'Condemned',
  unfit: 'Condemned',
  binned: 'Condemned',
};

/** Where the carcass went: the list's own words, or the nearest for another app's ("Dealer", "Home", "Lost"). */
export function destinationWord(text: string): Word<Destination> | undefined {
  const listed = fromList(CARCASS_DESTINATIONS, text);
  if (listed !== undefined) return { value: listed, exact: isExactly(listed, text) };
  const table = fromTable(DESTINATION_WORDS, text);
  return table === undefined ? undefined : { value: table, exact: false };
}

/** A calibre's first word, bare: ".243 Win" is "243", "6.5×55" is "6.5x55", ".30-06" is "3006". */
function calibreCore(name: string): { core: string; rest: string } {
  const [first = '', ...rest] = name.trim().toLowerCase().replaceAll('×', 'x').split(/\s+/);
  return { core: first.replace(/^\./, '').replaceAll('-', ''), rest: rest.join(' ') };
}

/**
 * A calibre: one on the list by its name, the one on the list it plainly names (".243" is ".243 Win", "6.5x55" is
 * "6.5×55"), or any other under Other, as typed.
 */
export function calibreWord(text: string): Word & { other: boolean } {
  const listed = listedCalibre(text);
  if (listed !== undefined) return { value: listed.name, exact: listed.name === text.trim(), other: false };
  const typed = calibreCore(text);
  const matches = CALIBRES.filter((calibre) => {
    const candidate = calibreCore(calibre.name);
    return candidate.core === typed.core && (typed.rest === '' || candidate.rest.startsWith(typed.rest));
  });
  if (matches.length === 1) return { value: matches[0]!.name, exact: false, other: false };
  return { value: text.trim(), exact: false, other: true };
}

/** Any value of a list, read without regard to case or spacing; undefined when it is none of them. */
export function listWord<T extends string>(list: readonly T[], text: string): Word<T> | undefined {
  const value = fromList(list, text);
  return value === undefined
    ? undefined
    : { value, exact: value === text.trim() || wordKey(value) === wordKey(text) };
}

const WIND_WORDS: Readonly<Record<string, string>> = {
  north: 'N',
  'north east': 'NE',
  'north-east': 'NE',
  northeast: 'NE',
  east: 'E',
  'south east': 'SE',
  'south-east': 'SE',
  southeast: 'SE',
  south: 'S',
  'south west': 'SW',
  'south-west': 'SW',
  southwest: 'SW',
  west: 'W',
  'north west': 'NW',
  'north-west': 'NW',
  northwest: 'NW',
};

/** A wind direction: N, NE… or the words for them ("north-east"). */
export function windWord(text: string): Word | undefined {
  const upper = text.trim().toUpperCase();
  if (/^(N|NE|E|SE|S|SW|W|NW)$/.test(upper)) return { value: upper, exact: isExactly(upper, text) };
  const table = fromTable(WIND_WORDS, text);
  return table === undefined ? undefined : { value: table, exact: false };
}

const ABNORMALITY_BY_WORD: ReadonlyMap<string, AbnormalityCode> = new Map(
  (Object.entries(ABNORMALITIES) as [AbnormalityCode, string][]).flatMap(([code, label]) => [
    [wordKey(label), code],
    [wordKey(code.replaceAll('_', ' ')), code],
  ]),
);

/** The abnormalities in a cell, written as the export writes them (their names, separated by "; "). */
export function abnormalityCodes(text: string): { codes: AbnormalityCode[]; unknown: string[] } {
  const codes: AbnormalityCode[] = [];
  const unknown: string[] = [];
  for (const part of text.split(';')) {
    if (part.trim() === '') continue;
    const code = ABNORMALITY_BY_WORD.get(wordKey(part));
    if (code === undefined) unknown.push(part.trim());
    else if (!codes.includes(code)) codes.push(code);
  }
  return { codes, unknown };
}
