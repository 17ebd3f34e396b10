import { PLACE_MESSAGES, PlacesResponse } from '@cull-log/contracts';
import { afterAll, describe, expect, it } from 'vitest';
import { ALICE, createHarness, openSqliteBackend } from '../testing/records-harness';
import { placeKey, placeNamesOf } from './place-names';

describe('GET /places', () => {
  const backend = openSqliteBackend();
  const { app, call } = createHarness({ backend });
  afterAll(async () => {
    await app.close();
    await backend.close();
  });

  const search = async (q: string) => {
    const response = await call(ALICE, 'GET', `/places?q=${encodeURIComponent(q)}`);
    expect(response.statusCode, response.body).toBe(200);
    return PlacesResponse.parse(response.json()).items;
  };

  it('finds a town by its name in any case, with its county, where the gazetteer puts it', async () => {
    const [buxton] = await search('buxton');
    expect(buxton).toMatchObject({ name: 'Buxton', area: 'Derbyshire' });
    expect(buxton!.latitude).toBeCloseTo(53.26, 1);
    expect(buxton!.longitude).toBeCloseTo(-1.91, 1);
  });

  it('tells places of one name apart by their county, and puts the whole name before a longer one', async () => {
    const places = await search('Newport');
    const newports = places.filter((place) => place.name === 'Newport');
    expect(newports.length).toBeGreaterThan(2);
    expect(places.slice(0, newports.length)).toEqual(newports);
    expect(new Set(newports.map((place) => place.area)).size).toBe(newports.length);
    expect(newports.map((place) => place.area)).toContain('Isle of Wight');
    expect(places.map((place) => place.name)).toContain('Newport Pagnell');
    const started = await search('Newp');
    expect(started.slice(0, newports.length)).toEqual(newports);
  });

  it('knows Scotland, Wales, Northern Ireland and the Isle of Man, and no place abroad', async () => {
    expect((await search('Fort William'))[0]).toMatchObject({ name: 'Fort William' });
    expect((await search('Brecon'))[0]).toMatchObject({ name: 'Brecon' });
    expect((await search('Enniskillen'))[0]).toMatchObject({ name: 'Enniskillen' });
    expect((await search('Ramsey')).map((place) => place.area)).toContain('Isle of Man');
    // Albuquerque is in New Mexico.
    expect(await search('Albuquerque')).toEqual([]);
  });

  it('answers an empty list for a place it does not know', async () => {
    expect(await search('Nowhere-on-the-Marsh')).toEqual([]);
  });

  it('refuses a postcode, whole or its district, saying it cannot search them yet, and a query of one letter', async () => {
    for (const q of ['SK17 6AB', 'sk176ab', 'SK17', 'W1A']) {
      const response = await call(ALICE, 'GET', `/places?q=${encodeURIComponent(q)}`);
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatchObject({
        code: 'validation_failed',
        fields: { q: PLACE_MESSAGES.postcode },
      });
    }
    const short = await call(ALICE, 'GET', '/places?q=a');
    expect(short.statusCode).toBe(400);
    expect(short.json().error.fields.q).toBe(PLACE_MESSAGES.tooShort);
    expect((await call(ALICE, 'GET', '/places')).statusCode).toBe(400);
  });

  it('answers 401 without the identity the gateway signs', async () => {
    const response = await app.inject({ method: 'GET', url: '/places?q=Buxton' });
    expect(response.statusCode).toBe(401);
  });
});

describe('place names', () => {
  const names = placeNamesOf([
    { name: 'St Ives', area: 'Cornwall', latitude: 50.21, longitude: -5.48 },
    { name: 'Saint Ives', area: 'Cambridgeshire', latitude: 52.33, longitude: -0.07 },
    { name: 'Ivesley', area: 'Durham', latitude: 54.7, longitude: -1.7 },
    { name: 'Ives', area: 'Nowhere', latitude: 50, longitude: -1 },
    { name: 'Ives', area: 'Nowhere', latitude: 50.001, longitude: -1.001 },
  ]);

  it('compares names without case, accents, punctuation or the spelling of Saint', () => {
    expect(placeKey('  St. Ives ')).toBe('st ives');
    expect(placeKey('Saint Ives')).toBe('st ives');
    expect(placeKey('Ynys Môn')).toBe('ynys mon');
    expect(names.search('st ives').map((place) => place.area)).toEqual(['Cambridgeshire', 'Cornwall']);
  });

  it('ranks the whole name, then its start, then a word inside it, one of each name in an area', () => {
    expect(names.search('ives').map((place) => `${place.name}, ${place.area}`)).toEqual([
      'Ives, Nowhere',
      'Ivesley, Durham',
      'Saint Ives, Cambridgeshire',
      'St Ives, Cornwall',
    ]);
    expect(names.search('   ')).toEqual([]);
  });
});
