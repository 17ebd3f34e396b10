import { describe, expect, it } from 'vitest';
import { AGE_ESTIMATES, SEXES } from '@cull-log/contracts';
import { DEER_SPECIES, meaningOfWords, readSearch, sexWord, sexLabel } from './stalkers-words';

describe('sexWord', () => {
  it.each([
    ['Roe Deer', 'Male', 'Adult', 'buck'],
    ['Roe Deer', 'Female', 'Mature Adult', 'doe'],
    ['Roe Deer', 'Female', 'Young', 'doe kid'],
    ['Roe Deer', 'Unknown', 'Young', 'kid'],
    ['Red Deer', 'Male', 'Old', 'stag'],
    ['Red Deer', 'Female', 'Adult', 'hind'],
    ['Red Deer', 'Male', 'Young', 'stag calf'],
    ['Red Deer', 'Male', 'Young Adult', 'stag'],
    ['Sika Deer', 'Female', 'Young Adult', 'hind'],
    ['Sika Deer', 'Male', 'Young Adult', 'pricket'],
    ['Fallow Deer', 'Male', 'Young Adult', 'pricket'],
    ['Fallow Deer', 'Female', 'Young', 'doe fawn'],
    ['Fallow Deer', 'Female', 'Adult', 'doe'],
    ['Muntjac', 'Male', 'Adult', 'buck'],
    ['Muntjac', 'Female', 'Young', 'doe'],
    ['Chinese Water Deer', 'Female', 'Adult', 'doe'],
  ])('a %s, %s, %s is a %s', (species, sex, age, word) => {
    expect(sexWord(species, sex, age)).toBe(word);
  });

  it('has no word for an animal that is not a deer, nor for an adult deer of unknown sex', () => {
    for (const species of ['Fox', 'Rabbit', 'Wild boar'])
      for (const sex of SEXES)
        for (const age of AGE_ESTIMATES) expect(sexWord(species, sex, age)).toBeUndefined();
    expect(sexWord('Roe Deer', 'Unknown', 'Adult')).toBeUndefined();
  });

  it('reads every word it gives back as the species, sex and age it was given', () => {
    for (const species of DEER_SPECIES)
      for (const sex of SEXES)
        for (const age of AGE_ESTIMATES) {
          const word = sexWord(species, sex, age);
          if (word === undefined) continue;
          const meaning = meaningOfWords(word)!;
          expect(meaning.species).toContain(species);
          if (meaning.sex !== undefined) expect(meaning.sex).toBe(sex);
          if (meaning.ages !== undefined) expect(meaning.ages).toContain(age);
        }
  });
});

describe('meaningOfWords', () => {
  it.each([
    ['doe', { species: ['Roe Deer', 'Fallow Deer', 'Muntjac', 'Chinese Water Deer'], sex: 'Female' }],
    ['Hinds', { species: ['Red Deer', 'Sika Deer'], sex: 'Female' }],
    ['stag', { species: ['Red Deer', 'Sika Deer'], sex: 'Male' }],
    ['roe doe', { species: ['Roe Deer'], sex: 'Female' }],
    ['Roe deer bucks', { species: ['Roe Deer'], sex: 'Male' }],
    ['kid', { species: ['Roe Deer'], ages: ['Young'] }],
    ['calves', { species: ['Red Deer', 'Sika Deer'], ages: ['Young'] }],
    ['pricket', { species: ['Sika Deer', 'Fallow Deer'], sex: 'Male', ages: ['Young Adult'] }],
    ['fallow pricket', { species: ['Fallow Deer'], sex: 'Male', ages: ['Young Adult'] }],
    ['followers', { species: DEER_SPECIES, ages: ['Young'] }],
    ['hind calf', { species: ['Red Deer', 'Sika Deer'], sex: 'Female', ages: ['Young'] }],
    ['cwd buck', { species: ['Chinese Water Deer'], sex: 'Male' }],
    ['sika', { species: ['Sika Deer'] }],
  ])('reads %j', (typed, meaning) => {
    expect(meaningOfWords(typed)).toEqual(meaning);
  });

  it.each(['roe hind', 'buck doe', 'muntjac kid', 'red pricket'])('reads %j as no animal at all', (typed) => {
    expect(meaningOfWords(typed)).toEqual({ species: [] });
  });

  it.each(['', '  ', 'home wood', 'doe park', 'bucket'])('has no meaning for %j', (typed) => {
    expect(meaningOfWords(typed)).toBeUndefined();
  });
});

describe('readSearch', () => {
  it('leaves a search without a stalkers\u2019 word as text, trimmed and lower-cased as before', () => {
    expect(readSearch('  Roe  Deer ')).toEqual({ text: 'roe  deer' });
    expect(readSearch('Bucket Wood')).toEqual({ text: 'bucket wood' });
  });

  it('takes stalkers\u2019 words and the deer names beside them out of the text', () => {
    expect(readSearch('Roe Doe')).toEqual({ text: '', meaning: { species: ['Roe Deer'], sex: 'Female' } });
    expect(readSearch('hinds Home Wood')).toEqual({
      text: 'home wood',
      meaning: { species: ['Red Deer', 'Sika Deer'], sex: 'Female' },
    });
  });

  it('finds nothing for words that contradict each other', () => {
    expect(readSearch('roe hind')).toEqual({ text: '', meaning: { species: [] } });
  });
});

describe('sexLabel', () => {
  it.each([
    [{ species: 'Roe Deer', sex: 'Female', age_estimate: 'Adult' }, 'Female (doe)'],
    [{ species: 'Red Deer', sex: 'Female', age_estimate: 'Old' }, 'Female (hind)'],
    [{ species: 'Fallow Deer', sex: 'Male', age_estimate: 'Young Adult' }, 'Male (pricket)'],
    [{ species: 'Roe Deer', sex: 'Unknown', age_estimate: 'Young' }, 'Unknown (kid)'],
    [{ species: 'Sika Deer', sex: 'Male', age_estimate: 'Young' }, 'Male (stag calf)'],
    [{ species: 'Fox', sex: 'Female', age_estimate: 'Adult' }, 'Female'],
    [{ species: 'Muntjac', sex: 'Unknown', age_estimate: 'Adult' }, 'Unknown'],
  ] as const)('shows %j as %s', (record, label) => {
    expect(sexLabel(record)).toBe(label);
  });
});
