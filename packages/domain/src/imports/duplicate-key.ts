import { carcassTagKey } from '../field-rules';

const words = (text: string) => text.trim().toLowerCase().replace(/\s+/g, ' ');

/**
 * What makes two rows the same cull, for an import that must add nothing twice: the date, time, species, sex, place
 * and carcass tag, compared as a person reads them (case and spacing aside).
 */
export function duplicateKey(fields: {
  date: string;
  time: string;
  species: string;
  sex: string;
  location_name: string;
  carcass_tag?: string | null;
}): string {
  return JSON.stringify([
    fields.date.trim(),
    fields.time.trim(),
    words(fields.species),
    words(fields.sex),
    words(fields.location_name),
    carcassTagKey(fields.carcass_tag ?? ''),
  ]);
}
