import { z } from 'zod';
import {
  AGE_CLASSES,
  DEER_MANAGEMENT_LIMITS,
  DEER_MANAGEMENT_MESSAGES,
  SIGHTING_SEXES,
} from './deer-management-words';
import { CoordinateLatitude, CoordinateLongitude } from './coordinates';
import { SPECIES } from './enums';

const M = DEER_MANAGEMENT_MESSAGES;

/** A number of deer seen or counted: a whole number, none or more. */
export const DeerCount = z
  .number({ error: M.count })
  .int({ error: M.count })
  .min(0, { error: M.count })
  .max(DEER_MANAGEMENT_LIMITS.countMax, { error: M.count });

/**
 * Deer of one species, sex and age class seen on an outing or counted: `{ species, sex, age_class, count }`. The
 * same shape is a line of a count (see counts.ts).
 */
export const SightingItem = z.strictObject({
  species: z.enum(SPECIES, { error: 'Choose a species from the list' }),
  sex: z.enum(SIGHTING_SEXES, { error: M.sightingSex }),
  age_class: z.enum(AGE_CLASSES, { error: M.ageClass }),
  count: DeerCount,
});
export type SightingItem = z.infer<typeof SightingItem>;

/** The key a line is listed once by. */
export const sightingKey = (item: Pick<SightingItem, 'species' | 'sex' | 'age_class'>): string =>
  `${item.species}|${item.sex}|${item.age_class}`;

/** Lines of deer of the given shape, each species, sex and age class once (the second of a pair is refused). */
const linesOf = <Item extends typeof SightingItem | typeof OutingSightingItem>(item: Item) =>
  z
    .array(item)
    .max(DEER_MANAGEMENT_LIMITS.itemsMax, {
      error: `At most ${DEER_MANAGEMENT_LIMITS.itemsMax} lines: one for each species, sex and age class`,
    })
    .superRefine((items, context) => {
      const seen = new Set<string>();
      items.forEach((line, index) => {
        const key = sightingKey(line);
        if (seen.has(key)) context.addIssue({ code: 'custom', message: M.duplicateItem, path: [index] });
        seen.add(key);
      });
    });

/** Where deer were seen: a point, its coordinates checked as a record's are. */
export const SightingPlace = z.strictObject(
  { latitude: CoordinateLatitude, longitude: CoordinateLongitude },
  { error: M.sightingPlace },
);
export type SightingPlace = z.infer<typeof SightingPlace>;

/** A line of deer seen on an outing: a line as a count has it, and where they were seen when marked. */
export const OutingSightingItem = SightingItem.extend({ place: SightingPlace.optional() });
export type OutingSightingItem = z.infer<typeof OutingSightingItem>;

/** Lines of deer, each species, sex and age class once (the second of a pair is refused, at its own place). */
export const SightingItems = linesOf(SightingItem);

/** The lines of deer seen on an outing, as POST and PATCH /api/outings take them. */
export const OutingSightingItems = linesOf(OutingSightingItem);

/**
 * A line of deer as events carry it: the same fields, without the request's words or bounds, since an event once
 * written is never judged again.
 */
export const SightingLine = z.strictObject({
  species: z.enum(SPECIES),
  sex: z.enum(SIGHTING_SEXES),
  age_class: z.enum(AGE_CLASSES),
  count: z.number().int().min(0),
});

/** A line of deer seen on an outing as outing.sightings_recorded.v2 carries it and the outing reads: with its place. */
export const OutingSightingLine = SightingLine.extend({
  place: z.strictObject({ latitude: z.number(), longitude: z.number() }).optional(),
});
export type OutingSightingLine = z.infer<typeof OutingSightingLine>;

/** People out on an outing, for hunter-hours: 1 unless told. */
export const Hunters = z
  .number({ error: M.hunters })
  .int({ error: M.hunters })
  .min(1, { error: M.hunters })
  .max(DEER_MANAGEMENT_LIMITS.huntersMax, { error: M.hunters });

/** People out when an outing says nothing of them. */
export const DEFAULT_HUNTERS = 1;
