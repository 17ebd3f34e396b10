import type { Cull } from '@cull-log/contracts';
import { sexWord } from '@cull-log/domain';

/**
 * A record's sex as the list shows it, with the stalkers' word beside it where there is one: "Female (doe)",
 * "Male (pricket)", "Unknown (kid)"; "Female" alone for a fox.
 */
export function sexLabel(record: Pick<Cull, 'species' | 'sex' | 'age_estimate'>): string {
  const word = sexWord(record.species, record.sex, record.age_estimate);
  return word === undefined ? record.sex : `${record.sex} (${word})`;
}
