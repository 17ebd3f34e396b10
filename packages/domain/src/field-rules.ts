/**
 * The law a stalker in England and Wales keeps, as warnings on a record: close seasons (Deer Act 1991,
 * Schedule 1), night (section 3), the rifle and bullet (Schedule 2), and a carcass tag given twice in a season. A warning never refuses a record: licences, the occupier's exemption and
 * mercy killing exist, so each message names the rule and what may make it not apply. Computed on read from
 * the record, never stored.
 */
import {
  NON_EXPANDING_BULLET_TYPES,
  listedCalibre,
  type BulletType,
  type CullCalibre,
  type CullWarning,
} from '@cull-log/contracts';
import SunCalc from 'suncalc';
import { londonFormatter, MONTH_NAMES, seasonOfDate } from './london-calendar';
import { formatNumber } from './numbers';

export interface WarningFacts {
  species: string;
  sex: string;
  /** YYYY-MM-DD and HH:MM, the stalker's wall clock in the UK. */
  date: string;
  time: string;
  latitude?: number | null;
  longitude?: number | null;
  /** The rifle and load, when the stalker gave them. */
  calibre?: CullCalibre | null;
  bullet_weight_gr?: number | null;
  bullet_type?: BulletType | null;
  muzzle_energy_j?: number | null;
}

/** A close season: first and last day (MM-DD), inclusive; it may run over the new year. */
interface Season {
  from: string;
  to: string;
}

interface DeerRules {
  /** The name a message uses. */
  name: string;
  /** The name a one-line warning uses before the sex ("roe" bucks, "Chinese water deer" bucks). */
  short: string;
  /** What stalkers call the males and the females, in the plural. */
  males: string;
  females: string;
  male?: Season;
  female?: Season;
}

const STAGS: Season = { from: '05-01', to: '07-31' };
const HINDS: Season = { from: '04-01', to: '10-31' };
const STAGS_AND_HINDS = { males: 'stags', females: 'hinds' } as const;
const BUCKS_AND_DOES = { males: 'bucks', females: 'does' } as const;

/** The Schedule 1 table (as substituted in 2007), by species; Muntjac has no close season. */
const DEER: { pattern: RegExp; rules: DeerRules }[] = [
  {
    pattern: /\bchinese water\b|\bwater deer\b|\bcwd\b/,
    rules: {
      name: 'Chinese Water Deer',
      short: 'Chinese water deer',
      ...BUCKS_AND_DOES,
      male: HINDS,
      female: HINDS,
    },
  },
  { pattern: /\bmuntjac\b|\breeves/, rules: { name: 'Muntjac', short: 'muntjac', ...BUCKS_AND_DOES } },
  {
    pattern: /\bred\b.*\bsika\b|\bsika\b.*\bred\b/,
    rules: {
      name: 'Red × Sika hybrids',
      short: 'red × sika',
      ...STAGS_AND_HINDS,
      male: STAGS,
      female: HINDS,
    },
  },
  {
    pattern: /\bsika\b/,
    rules: { name: 'Sika Deer', short: 'sika', ...STAGS_AND_HINDS, male: STAGS, female: HINDS },
  },
  {
    pattern: /\bred\b/,
    rules: { name: 'Red Deer', short: 'red', ...STAGS_AND_HINDS, male: STAGS, female: HINDS },
  },
  {
    pattern: /\bfallow\b/,
    rules: { name: 'Fallow Deer', short: 'fallow', ...BUCKS_AND_DOES, male: STAGS, female: HINDS },
  },
  {
    pattern: /\broe\b/,
    rules: {
      name: 'Roe Deer',
      short: 'roe',
      ...BUCKS_AND_DOES,
      male: { from: '11-01', to: '03-31' },
      female: HINDS,
    },
  },
];

/** The rules for a species as the app names it (or as typed under "Other"); undefined for anything not a deer. */
export function deerRulesFor(species: string): DeerRules | undefined {
  const name = species.trim().toLowerCase();
  return DEER.find(({ pattern }) => pattern.test(name))?.rules;
}

/** Where no coordinates are known, the night is worked out for the centre of England. */
export const CENTRE_OF_ENGLAND = { latitude: 52.56, longitude: -1.46 } as const;

const CLOSE_SEASON_EXCEPTIONS =
  "It may still be lawful under a licence (section 8), the occupier's exemption (section 7), to end the suffering of a seriously injured deer (section 6), or for dependent young whose mother has been killed (section 6(2A)).";

const NIGHT_EXCEPTIONS =
  'It may still be lawful under a licence (section 8) for public health or safety, natural heritage, or to prevent serious damage to property.';

/**
 * Warnings already worked out, by the facts they follow from: a list or a record read again (the same page asked
 * for by every refresh) finds them here rather than working out the sun's times and London's clock again, which was
 * 7 % of a list request's CPU. Held to a bound, then forgotten all at once.
 */
const warningsByFacts = new Map<string, readonly CullWarning[]>();
const WARNINGS_KEPT = 10_000;

function factsKey(facts: WarningFacts): string {
  const { calibre } = facts;
  return JSON.stringify([
    facts.species,
    facts.sex,
    facts.date,
    facts.time,
    facts.latitude,
    facts.longitude,
    calibre?.name,
    calibre?.bore_in,
    facts.bullet_weight_gr,
    facts.bullet_type,
    facts.muzzle_energy_j,
  ]);
}

/** Every warning that applies to a record; an empty list when none does. */
export function cullWarnings(facts: WarningFacts): CullWarning[] {
  const key = factsKey(facts);
  let warnings = warningsByFacts.get(key);
  if (warnings === undefined) {
    warnings = Object.freeze(workOutWarnings(facts).map((warning) => Object.freeze(warning)));
    if (warningsByFacts.size >= WARNINGS_KEPT) warningsByFacts.clear();
    warningsByFacts.set(key, warnings);
  }
  // A list of its own: callers add to it (the duplicate-tag warning).
  return [...warnings];
}

/**
 * The codes of the warnings `cullWarnings` gives a record, in its order, without their messages: what a count or a
 * spreadsheet's cell needs. A message names the hours of light in London's clock, the costly part; a code does not.
 */
export function cullWarningCodes(facts: WarningFacts): CullWarning['code'][] {
  const rules = deerRulesFor(facts.species);
  if (rules === undefined) return [];
  const codes: CullWarning['code'][] = [];
  const { male, female } = closedSeasons(rules, facts);
  if (male !== undefined || female !== undefined) codes.push('close_season');
  if (lightAtNight(facts) !== undefined) codes.push('night');
  if (calibreWarning(rules, facts) !== undefined) codes.push('calibre');
  return codes;
}

function workOutWarnings(facts: WarningFacts): CullWarning[] {
  const rules = deerRulesFor(facts.species);
  if (rules === undefined) return [];
  const warnings: CullWarning[] = [];
  const closeSeason = closeSeasonWarning(rules, facts);
  if (closeSeason !== undefined) warnings.push(closeSeason);
  const night = nightWarning(facts);
  if (night !== undefined) warnings.push(night);
  const calibre = calibreWarning(rules, facts);
  if (calibre !== undefined) warnings.push(calibre);
  return warnings;
}

/** Schedule 2's least rifle for a deer: calibre (bore, inches), muzzle energy (joules), and bullet weight (grains). */
export interface FirearmMinimum {
  bore_in: number;
  energy_j: number;
  energyFootPounds: number;
  bullet_weight_gr?: number;
}

const ANY_DEER: FirearmMinimum = { bore_in: 0.24, energy_j: 2305, energyFootPounds: 1700 };
const SMALL_DEER: FirearmMinimum = {
  bore_in: 0.22,
  energy_j: 1356,
  energyFootPounds: 1000,
  bullet_weight_gr: 50,
};

/** The least rifle the law allows for a deer species: Muntjac and Chinese Water Deer may be shot with less. */
export function firearmMinimumFor(rules: DeerRules): FirearmMinimum {
  return rules.name === 'Muntjac' || rules.name === 'Chinese Water Deer' ? SMALL_DEER : ANY_DEER;
}

/** The bore of a record's calibre: the list's for a listed one, the stalker's for another; undefined if unknown. */
export function boreOf(calibre: CullCalibre | null | undefined): number | undefined {
  if (calibre == null) return undefined;
  return listedCalibre(calibre.name)?.bore_in ?? calibre.bore_in;
}

const FIREARM_EXCEPTIONS =
  'It may still be lawful to end the suffering of a seriously injured deer by any reasonable means (section 6), or under a licence (section 8).';

/** A way a rifle or load falls short of Schedule 2: the part in a word, and the shortfall in a clause. */
interface Shortfall {
  part: 'calibre' | 'muzzle energy' | 'bullet type' | 'bullet weight';
  clause: string;
}

function firearmShortfalls(rules: DeerRules, facts: WarningFacts): Shortfall[] {
  const minimum = firearmMinimumFor(rules);
  const shortfalls: Shortfall[] = [];
  const bore = boreOf(facts.calibre);
  if (bore !== undefined && bore < minimum.bore_in) {
    shortfalls.push({
      part: 'calibre',
      clause: `the calibre ${facts.calibre!.name} (${bore.toFixed(3)} in) is below ${minimum.bore_in.toFixed(3)} in`,
    });
  }
  if (facts.muzzle_energy_j != null && facts.muzzle_energy_j < minimum.energy_j) {
    shortfalls.push({
      part: 'muzzle energy',
      clause: `the muzzle energy of ${formatNumber(facts.muzzle_energy_j)} J is below ${formatNumber(minimum.energy_j)} J (${formatNumber(minimum.energyFootPounds)} ft-lb)`,
    });
  }
  if (facts.bullet_type != null && NON_EXPANDING_BULLET_TYPES.includes(facts.bullet_type)) {
    shortfalls.push({
      part: 'bullet type',
      clause: `a ${facts.bullet_type.toLowerCase()} bullet is not soft- or hollow-nosed`,
    });
  }
  if (
    minimum.bullet_weight_gr !== undefined &&
    facts.bullet_weight_gr != null &&
    facts.bullet_weight_gr < minimum.bullet_weight_gr
  ) {
    shortfalls.push({
      part: 'bullet weight',
      clause: `the ${formatNumber(facts.bullet_weight_gr)} grain bullet is under ${minimum.bullet_weight_gr} grains`,
    });
  }
  return shortfalls;
}

function calibreWarning(rules: DeerRules, facts: WarningFacts): CullWarning | undefined {
  const minimum = firearmMinimumFor(rules);
  const shortfalls = firearmShortfalls(rules, facts).map(({ clause }) => clause);
  if (shortfalls.length === 0) return undefined;
  const law =
    minimum === SMALL_DEER
      ? `For ${rules.name} the Deer Act 1991, Schedule 2, allows a rifle of at least .220 in calibre with at least 1,356 J (1,000 ft-lb) of muzzle energy and a soft- or hollow-nosed bullet of at least 50 grains`
      : `For ${rules.name} the Deer Act 1991, Schedule 2, requires a rifle of at least .240 in calibre with at least 2,305 J (1,700 ft-lb) of muzzle energy and a soft- or hollow-nosed bullet`;
  const rule = `${law}: ${shortfalls.join('; ')}.`;
  if (isInScotland(facts.latitude, facts.longitude)) {
    return {
      code: 'calibre',
      message: `${rule} This record is in Scotland, where that England and Wales rule does not apply: check the Scottish rules.`,
    };
  }
  return { code: 'calibre', message: `${rule} ${FIREARM_EXCEPTIONS}` };
}

/** What the duplicate-tag rule needs of a record: which it is, its date and its tag. */
export interface TaggedRecord {
  id: string;
  date: string;
  carcass_tag?: string | null;
}

/** Tags compare as a person reads a label: without regard to case or surrounding spaces. */
export function carcassTagKey(tag: string): string {
  return tag.trim().toLowerCase();
}

/**
 * A tag the user gave another record of the same stalking season: each carcass carries its own, so one of the
 * two is likely mistyped. `others` are the user's records with the same tag (the record itself may be among them).
 */
export function duplicateTagWarning(
  record: TaggedRecord,
  others: readonly TaggedRecord[],
): CullWarning | undefined {
  if (record.carcass_tag == null) return undefined;
  const key = carcassTagKey(record.carcass_tag);
  const season = seasonOfDate(record.date).label;
  const clashes = others.filter(
    (other) =>
      other.id !== record.id &&
      other.carcass_tag != null &&
      carcassTagKey(other.carcass_tag) === key &&
      seasonOfDate(other.date).label === season,
  );
  if (clashes.length === 0) return undefined;
  const dates = clashes.map((other) => ukDate(other.date)).join(', ');
  const records =
    clashes.length === 1 ? `another record (${dates})` : `${clashes.length} other records (${dates})`;
  return {
    code: 'duplicate_tag',
    message:
      `Carcass tag ${record.carcass_tag} is also on ${records} in the ${season} season: each carcass should carry its own tag, ` +
      'so check which one was mistyped. A tag reused across seasons is not warned of.',
  };
}

function ukDate(date: string): string {
  const [year, month, day] = date.split('-');
  return `${day}/${month}/${year}`;
}

function inSeason(season: Season, monthDay: string): boolean {
  return season.from <= season.to
    ? monthDay >= season.from && monthDay <= season.to
    : monthDay >= season.from || monthDay <= season.to;
}

function dayAndMonth(monthDay: string): string {
  const [month, day] = monthDay.split('-').map(Number) as [number, number];
  return `${day} ${MONTH_NAMES[month - 1]}`;
}

const span = (season: Season) => `${dayAndMonth(season.from)} to ${dayAndMonth(season.to)}`;

const NO_BREAK = '\u00a0';

/** A close season in a line's few characters: "1 Nov – 31 Mar", broken, if at all, only after the dash. */
function shortSpan(season: Season): string {
  const short = (monthDay: string) => {
    const [month, day] = monthDay.split('-').map(Number) as [number, number];
    return `${day}${NO_BREAK}${MONTH_NAMES[month - 1]!.slice(0, 3)}`;
  };
  return `${short(season.from)}${NO_BREAK}– ${short(season.to)}`;
}

/** The sexes whose close season a record's date falls in: a deer of unknown sex is warned of in either. */
function closedSeasons(rules: DeerRules, facts: WarningFacts): { male?: Season; female?: Season } {
  const monthDay = facts.date.slice(5);
  const isClosed = (season: Season | undefined) => season !== undefined && inSeason(season, monthDay);
  return {
    ...(facts.sex !== 'Female' && isClosed(rules.male) && { male: rules.male }),
    ...(facts.sex !== 'Male' && isClosed(rules.female) && { female: rules.female }),
  };
}

function closeSeasonWarning(rules: DeerRules, facts: WarningFacts): CullWarning | undefined {
  const { male, female } = closedSeasons(rules, facts);
  const closed = [
    ...(male === undefined ? [] : [`males (${span(male)})`]),
    ...(female === undefined ? [] : [`females (${span(female)})`]),
  ];
  if (closed.length === 0) return undefined;
  const whose =
    facts.sex === 'Male' || facts.sex === 'Female'
      ? closed[0]
      : `${closed.join(' and ')}; the sex is unknown`;
  const rule = `This date is in the close season for ${rules.name} ${whose} under the Deer Act 1991, Schedule 1.`;
  if (isInScotland(facts.latitude, facts.longitude)) {
    return {
      code: 'close_season',
      message: `${rule} This record is in Scotland, where that England and Wales table does not apply: check the Scottish seasons.`,
    };
  }
  return { code: 'close_season', message: `${rule} ${CLOSE_SEASON_EXCEPTIONS}` };
}

/** When deer may be shot on a record's date at its place: from an hour before sunrise to an hour after sunset. */
interface ShootingLight {
  from: number;
  until: number;
  /** False when the record has no coordinates and the centre of England stands in. */
  located: boolean;
}

/**
 * Shooting light already worked out, by date and place (null where the sun neither rises nor sets): records of one
 * day at one place (a ground's, or the centre of England for those with no coordinates) share it. Held to a bound,
 * then forgotten all at once.
 */
const lightByDayAndPlace = new Map<string, ShootingLight | null>();
const LIGHTS_KEPT = 10_000;

function shootingLight(facts: WarningFacts): ShootingLight | undefined {
  const located =
    typeof facts.latitude === 'number' && typeof facts.longitude === 'number'
      ? { latitude: facts.latitude, longitude: facts.longitude }
      : undefined;
  const { latitude, longitude } = located ?? CENTRE_OF_ENGLAND;
  const key = `${facts.date} ${latitude} ${longitude}`;
  let light = lightByDayAndPlace.get(key);
  if (light === undefined) {
    const sun = SunCalc.getTimes(londonInstant(facts.date, '12:00'), latitude, longitude);
    const hour = 60 * 60_000;
    light =
      Number.isNaN(sun.sunrise.getTime()) || Number.isNaN(sun.sunset.getTime())
        ? null
        : { from: sun.sunrise.getTime() - hour, until: sun.sunset.getTime() + hour, located: false };
    if (lightByDayAndPlace.size >= LIGHTS_KEPT) lightByDayAndPlace.clear();
    lightByDayAndPlace.set(key, light);
  }
  return light === null ? undefined : { ...light, located: located !== undefined };
}

/** The day's shooting light when the record's time is outside it; undefined when within it, or where none is known. */
function lightAtNight(facts: WarningFacts): ShootingLight | undefined {
  const light = shootingLight(facts);
  if (light === undefined) return undefined;
  const shot = londonInstant(facts.date, facts.time).getTime();
  return shot >= light.from && shot <= light.until ? undefined : light;
}

function nightWarning(facts: WarningFacts): CullWarning | undefined {
  const light = lightAtNight(facts);
  if (light === undefined) return undefined;
  const where = light.located ? 'at this place' : 'in the centre of England (the record has no coordinates)';
  return {
    code: 'night',
    message:
      `${facts.time} is at night for deer: on this date ${where} shooting is allowed from ${londonClock(light.from)} ` +
      `(an hour before sunrise) until ${londonClock(light.until)} (an hour after sunset), under the Deer Act 1991, ` +
      `section 3. ${NIGHT_EXCEPTIONS}`,
  };
}

const londonClockFormat = londonFormatter({ hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

function londonClock(epochMs: number): string {
  return londonClockFormat().format(epochMs);
}

const londonParts = londonFormatter({
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  hourCycle: 'h23',
});

const HOUR_MS = 3_600_000;
/** Offsets already worked out, by UTC hour: London's clocks change only on the hour, so one serves the hour. */
const offsetByHour = new Map<number, number>();
const OFFSETS_KEPT = 100_000;

/** Minutes Europe/London is ahead of UTC at a moment (0 in winter, 60 in summer). */
function londonOffsetMinutes(epochMs: number): number {
  const hour = Math.floor(epochMs / HOUR_MS);
  const known = offsetByHour.get(hour);
  if (known !== undefined) return known;
  // Formatting a date in a time zone is the costly part of every warning worked out on read.
  const parts = Object.fromEntries(
    londonParts()
      .formatToParts(hour * HOUR_MS)
      .map((part) => [part.type, Number(part.value)]),
  );
  const wall = Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!);
  const offset = Math.round((wall - hour * HOUR_MS) / 60_000);
  if (offsetByHour.size >= OFFSETS_KEPT) offsetByHour.clear();
  offsetByHour.set(hour, offset);
  return offset;
}

/** The moment a London wall-clock date and time names (in the autumn's repeated hour, the first of the two). */
export function londonInstant(date: string, time: string): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  const guess = wall - londonOffsetMinutes(wall) * 60_000;
  return new Date(wall - londonOffsetMinutes(guess) * 60_000);
}

/**
 * Scotland, coarsely: north of a line along the border from the Solway to Berwick, and west of the Irish Sea's
 * middle only north of the North Channel. Good for records a few kilometres from the border, not on it.
 */
const BORDER: [longitude: number, latitude: number][] = [
  [-3.6, 54.62],
  [-3.06, 54.97],
  [-2.82, 55.13],
  [-2.58, 55.29],
  [-2.48, 55.35],
  [-2.2, 55.4],
  [-2.03, 55.79],
];

export function isInScotland(
  latitude: number | null | undefined,
  longitude: number | null | undefined,
): boolean {
  if (typeof latitude !== 'number' || typeof longitude !== 'number') return false;
  if (longitude < -9 || longitude > -0.5 || latitude > 61 || latitude < 54.6) return false;
  // Northern Ireland lies west of Galloway, south of Kintyre.
  if (longitude < -5.2) return latitude > 55.3;
  if (longitude <= BORDER[0]![0]) return latitude > BORDER[0]![1];
  if (longitude >= BORDER[BORDER.length - 1]![0]) return latitude > BORDER[BORDER.length - 1]![1];
  const east = BORDER.findIndex(([borderLongitude]) => borderLongitude >= longitude);
  const [toLongitude, toLatitude] = BORDER[east]!;
  const [fromLongitude, fromLatitude] = BORDER[east - 1]!;
  const along = (longitude - fromLongitude) / (toLongitude - fromLongitude);
  return latitude > fromLatitude + along * (toLatitude - fromLatitude);
}

/**
 * A record as the API answers it: with the warnings that apply to it, worked out now. `sameTag` are the user's
 * records carrying its carcass tag, for the duplicate-tag warning; without them that warning is not looked for.
 */
export function withWarnings<T extends WarningFacts & Partial<TaggedRecord>>(
  record: T,
  sameTag: readonly TaggedRecord[] = [],
): T & { warnings: CullWarning[] } {
  const warnings = cullWarnings(record);
  if (record.id !== undefined) {
    const duplicate = duplicateTagWarning({ ...record, id: record.id }, sameTag);
    if (duplicate !== undefined) warnings.push(duplicate);
  }
  return { ...record, warnings };
}

/** What a one-line warning needs of its record: the facts of its rules, and the tag for the duplicate-tag warning. */
export type WarningLineFacts = WarningFacts & { carcass_tag?: string | null };

const GENERAL_LINES: Record<CullWarning['code'], string> = {
  close_season: 'Close season',
  night: 'Shot at night',
  calibre: 'Rifle below the legal minimum',
  duplicate_tag: 'Carcass tag used twice this season',
};

/**
 * A warning in one line to read at a glance ("Close season for roe bucks: 1 Nov – 31 Mar"), worked out from its code
 * and the record it is on; the warning's message stays the law and its exceptions in full. Without the record, or
 * where the record no longer bears the warning out, the line names the rule only.
 */
export function warningLine(code: CullWarning['code'], facts?: WarningLineFacts): string {
  const line = facts === undefined ? undefined : specificLine(code, facts);
  return line ?? GENERAL_LINES[code];
}

function specificLine(code: CullWarning['code'], facts: WarningLineFacts): string | undefined {
  if (code === 'duplicate_tag') {
    return facts.carcass_tag == null
      ? undefined
      : `Carcass tag ${facts.carcass_tag} is on another record this season`;
  }
  const rules = deerRulesFor(facts.species);
  if (rules === undefined) return undefined;
  switch (code) {
    case 'close_season':
      return closeSeasonLine(rules, facts);
    case 'night':
      return nightLine(facts);
    case 'calibre':
      return calibreLine(rules, facts);
  }
}

function closeSeasonLine(rules: DeerRules, facts: WarningFacts): string | undefined {
  const { male, female } = closedSeasons(rules, facts);
  const where = isInScotland(facts.latitude, facts.longitude) ? ' in England and Wales' : '';
  if (male !== undefined && female !== undefined) {
    const sexes =
      male.from === female.from && male.to === female.to
        ? `${rules.short} (sex not given): ${shortSpan(male)}`
        : `${rules.short} ${rules.males} (${shortSpan(male)}) and ${rules.females} (${shortSpan(female)})`;
    return `Close season${where} for ${sexes}`;
  }
  const unknown = facts.sex === 'Male' || facts.sex === 'Female' ? '' : ' (sex not given)';
  if (male !== undefined)
    return `Close season${where} for ${rules.short} ${rules.males}${unknown}: ${shortSpan(male)}`;
  if (female !== undefined) {
    return `Close season${where} for ${rules.short} ${rules.females}${unknown}: ${shortSpan(female)}`;
  }
  return undefined;
}

function nightLine(facts: WarningFacts): string | undefined {
  const light = shootingLight(facts);
  if (light === undefined) return undefined;
  return `Shot at night: deer may be shot ${londonClock(light.from)} – ${londonClock(light.until)} that day`;
}

function calibreLine(rules: DeerRules, facts: WarningFacts): string | undefined {
  const parts = firearmShortfalls(rules, facts).map(({ part }) => part);
  if (parts.length === 0) return undefined;
  const listed = parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
  return `Rifle below the legal minimum for ${rules.short}: ${listed}`;
}
