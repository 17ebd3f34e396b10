import { describe, expect, it } from 'vitest';
import {
  abnormalityCodes,
  ageWord,
  calibreWord,
  destinationWord,
  placementWord,
  sexOfWord,
  speciesWord,
  windWord,
} from './import-words';

describe('species words', () => {
  it.each([
    ['Roe Deer', 'Roe Deer', true],
    ['roe deer', 'Roe Deer', false],
    ['Roe', 'Roe Deer', false],
    ['Fallow', 'Fallow Deer', false],
    ['Sika', 'Sika Deer', false],
    ['Red', 'Red Deer', false],
    ['Muntjac', 'Muntjac', true],
    ['muntjack', 'Muntjac', false],
    ['CWD', 'Chinese Water Deer', false],
    ['Water deer', 'Chinese Water Deer', false],
    ['Foxes', 'Fox', false],
  ])('%s is %s', (text, value, exact) => {
    expect(speciesWord(text)).toMatchObject({ value, exact, other: false });
  });

  it('a species with a stalkers’ word gives the sex and age too', () => {
    expect(speciesWord('roe buck')).toEqual({ value: 'Roe Deer', exact: false, other: false, sex: 'Male' });
    expect(speciesWord('Red hind')).toEqual({ value: 'Red Deer', exact: false, other: false, sex: 'Female' });
    expect(speciesWord('sika pricket')).toEqual({
      value: 'Sika Deer',
      exact: false,
      other: false,
      sex: 'Male',
      age: 'Young Adult',
    });
    expect(speciesWord('roe kid')).toEqual({ value: 'Roe Deer', exact: false, other: false, age: 'Young' });
  });

  it('anything else is kept under Other as typed, even a name an object has', () => {
    for (const text of ['Reindeer', 'Hare', 'buck', '__proto__', 'constructor', 'roe hind'])
      expect(speciesWord(text)).toEqual({ value: text, exact: false, other: true });
  });
});

describe('sex words', () => {
  it.each([
    ['Male', 'Male', true],
    ['M', 'Male', false],
    ['male', 'Male', false],
    ['F', 'Female', false],
    ['Unknown', 'Unknown', true],
    ['?', 'Unknown', false],
    ['Buck', 'Male', false],
    ['Doe', 'Female', false],
    ['Stag', 'Male', false],
    ['Hind', 'Female', false],
    ['hinds', 'Female', false],
  ])('%s is %s', (text, value, exact) => {
    expect(sexOfWord(text)).toMatchObject({ value, exact });
  });

  it('a pricket is a young adult male; a word that is no sex is nothing', () => {
    expect(sexOfWord('Pricket')).toEqual({ value: 'Male', exact: false, age: 'Young Adult' });
    expect(sexOfWord('kid')).toBeUndefined();
    expect(sexOfWord('both')).toBeUndefined();
  });
});

describe('age words', () => {
  it.each([
    ['Adult', 'Adult', true],
    ['Calf / Kid / Fawn', 'Young', false],
    ['Calf', 'Young', false],
    ['Yearling', 'Young Adult', false],
    ['young adult', 'Young Adult', false],
    ['Mature', 'Mature Adult', false],
    ['Old', 'Old', true],
    ['aged', 'Old', false],
  ])('%s is %s', (text, value, exact) => {
    expect(ageWord(text)).toEqual({ value, exact });
  });

  it('an age it does not know is nothing, for the form’s words to refuse', () => {
    expect(ageWord('ancient-ish')).toBeUndefined();
  });
});

describe('shot placements', () => {
  it.each([
    ['Heart/Lung', 'Heart/Lung', true],
    ['Heart / Lung', 'Heart/Lung', false],
    ['High Shoulder', 'Shoulder', false],
    ['Neck', 'Head/Neck', false],
    ['Head', 'Head/Neck', false],
    ['Abdomen', 'Gut Shot', false],
    ['Haunch', 'Limb', false],
    ['Liver', 'Liver', true],
  ])('%s is %s', (text, value, exact) => {
    expect(placementWord(text)).toEqual({ value, exact, other: false });
  });

  it('a placement with no near one is kept under Other as written', () => {
    expect(placementWord('Spine')).toEqual({ value: 'Spine', exact: false, other: true });
  });
});

describe('destinations, calibres, wind and abnormalities', () => {
  it('reads another app’s destinations to the nearest on the list', () => {
    expect(destinationWord('Game dealer')).toEqual({ value: 'Game dealer', exact: true });
    expect(destinationWord('Game Dealer')).toEqual({ value: 'Game dealer', exact: false });
    expect(destinationWord('Dealer')).toEqual({ value: 'Game dealer', exact: false });
    expect(destinationWord('Home')).toEqual({ value: 'Own use', exact: false });
    expect(destinationWord('Estate')).toEqual({ value: 'Landowner/estate', exact: false });
    expect(destinationWord('Lost')).toEqual({ value: 'Not recovered', exact: false });
    expect(destinationWord('Sold at market')).toBeUndefined();
  });

  it('reads a calibre to the one on the list it plainly names, or keeps it under Other', () => {
    expect(calibreWord('.243 Win')).toEqual({ value: '.243 Win', exact: true, other: false });
    expect(calibreWord('.243')).toEqual({ value: '.243 Win', exact: false, other: false });
    expect(calibreWord('243')).toEqual({ value: '.243 Win', exact: false, other: false });
    expect(calibreWord('6.5x55')).toEqual({ value: '6.5×55', exact: false, other: false });
    expect(calibreWord('.30-06')).toEqual({ value: '.30-06', exact: true, other: false });
    expect(calibreWord('6.5 Creedmoor')).toEqual({ value: '6.5 Creedmoor', exact: true, other: false });
    expect(calibreWord('6.5 Swede')).toEqual({ value: '6.5 Swede', exact: false, other: true });
    expect(calibreWord('.17 HMR')).toEqual({ value: '.17 HMR', exact: false, other: true });
  });

  it('reads a wind direction in letters or words', () => {
    expect(windWord('NE')).toEqual({ value: 'NE', exact: true });
    expect(windWord('sw')).toEqual({ value: 'SW', exact: false });
    expect(windWord('North-West')).toEqual({ value: 'NW', exact: false });
    expect(windWord('gusty')).toBeUndefined();
  });

  it('reads abnormalities by their names separated by semicolons, a comma inside a name kept', () => {
    expect(abnormalityCodes('Abscesses; Parasites (liver fluke, lungworm, ked); Other')).toEqual({
      codes: ['abscesses', 'parasites', 'other'],
      unknown: [],
    });
    expect(abnormalityCodes('abscesses;; Warts')).toEqual({ codes: ['abscesses'], unknown: ['Warts'] });
  });
});
