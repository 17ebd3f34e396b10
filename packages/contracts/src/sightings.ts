import { z } from 'zod';
import {
  AGE_CLASSES,
  DEER_MANAGEMENT_LIMITS,
  DEER_MANAGEMENT_MESSAGES,
  SIGHTING_SEXES,
} from './deer-management-words';
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

/** Lines of deer, each species, sex and age class once (the second of a pair is refused, at its own place). */
export const SightingItems = z
  .array(SightingItem)
  .max(DEER_MANAGEMENT_LIMITS.itemsMax, {
    error: `At most ${DEER_MANAGEMENT_LIMITS.itemsMax} lines: one for each species, sex and age class`,
  })
  .superRefine((items, context) => {
    const seen = new Set<string>();
    items.forEach((item, index) => {
      const key = sightingKey(item);
      if (seen.has(key)) context.addIssue({ code: 'custom', message: M.duplicateItem, path: [index] });
      seen.add(key);
    });
  });

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

/** People out on an outing, for hunter-hours: 1 unless told. */
export const Hunters = z
  .number({ error: M.hunters })
  .int({ error: M.hunters })
  .min(1, { error: M.hunters })
  .max(DEER_MANAGEMENT_LIMITS.huntersMax, { error: M.hunters });

/** People out when an outing says nothing of them. */
export const DEFAULT_HUNTERS = 1;
