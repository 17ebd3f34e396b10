import { SPECIES, sightingKey } from '@cull-log/contracts';
import { describe, expect, it } from 'vitest';
import { forgetUsersStored } from '../../lib/stored';
import { readRecentSpecies, rememberSpecies, speciesInOrder } from './sighting-species';
import { lineKey } from './sighting-words';

describe('the species a user added sightings of last', () => {
  it('come first, the latest first, each once, then the rest in the list’s order', () => {
    rememberSpecies('u1', 'Muntjac');
    rememberSpecies('u1', 'Fallow Deer');
    rememberSpecies('u1', 'Muntjac');
    expect(readRecentSpecies('u1')).toEqual(['Muntjac', 'Fallow Deer']);
    const order = speciesInOrder(readRecentSpecies('u1'));
    expect(order.slice(0, 3)).toEqual(['Muntjac', 'Fallow Deer', 'Red Deer']);
    expect([...order].sort()).toEqual([...SPECIES].sort());
  });

  it('are kept for each user apart, and forgotten with the rest of a user’s device data', () => {
    rememberSpecies('u1', 'Sika Deer');
    rememberSpecies('u2', 'Roe Deer');
    expect(readRecentSpecies('u2')).toEqual(['Roe Deer']);
    forgetUsersStored('u2');
    expect(readRecentSpecies('u1')).toEqual([]);
    expect(readRecentSpecies('u2')).toEqual(['Roe Deer']);
  });

  it('read nothing unreadable or unknown', () => {
    localStorage.setItem('cull-log:sighting-species:u3', JSON.stringify(['Unicorn', 'Roe Deer', 7]));
    expect(readRecentSpecies('u3')).toEqual(['Roe Deer']);
    localStorage.setItem('cull-log:sighting-species:u3', '{not json');
    expect(readRecentSpecies('u3')).toEqual([]);
    expect(readRecentSpecies(undefined)).toEqual([]);
  });
});

describe('the key a line of deer seen is listed once by', () => {
  it('is the one the server judges duplicates by', () => {
    const line = { species: 'Roe Deer', sex: 'Female', age_class: 'Young' } as const;
    expect(lineKey(line)).toBe(sightingKey(line));
  });
});
