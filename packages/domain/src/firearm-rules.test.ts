import { describe, expect, it } from 'vitest';
import { boreOf, cullWarnings, duplicateTagWarning, withWarnings, type WarningFacts } from './field-rules';

/** A deer shot at noon in the Midlands on a date open for every sex and species, so only the rifle can be warned of. */
function facts(species: string, rifle: Partial<WarningFacts>): WarningFacts {
  return {
    species,
    sex: 'Male',
    date: '2026-11-15',
    time: '12:00',
    latitude: 52.5,
    longitude: -1.5,
    ...rifle,
  };
}

const calibreWarnings = (species: string, rifle: Partial<WarningFacts>) =>
  cullWarnings(facts(species, rifle)).filter((warning) => warning.code === 'calibre');

const LARGER_DEER = ['Red Deer', 'Roe Deer', 'Fallow Deer', 'Sika Deer'];
const SMALL_DEER = ['Muntjac', 'Chinese Water Deer'];

describe('the calibre warning (Deer Act 1991, Schedule 2)', () => {
  it.each(LARGER_DEER)('%s: .240 in and 2,305 J are enough, anything less is warned of', (species) => {
    expect(
      calibreWarnings(species, { calibre: { name: 'Custom', bore_in: 0.24 }, muzzle_energy_j: 2305 }),
    ).toEqual([]);
    expect(calibreWarnings(species, { calibre: { name: 'Custom', bore_in: 0.239 } })).toHaveLength(1);
    expect(calibreWarnings(species, { muzzle_energy_j: 2304 })).toHaveLength(1);
    expect(calibreWarnings(species, { calibre: { name: '.243 Win' }, muzzle_energy_j: 2637 })).toEqual([]);
    expect(calibreWarnings(species, { calibre: { name: '.223 Rem' } })[0]?.message).toContain(
      'the calibre .223 Rem (0.224 in) is below 0.240 in',
    );
  });

  it.each(SMALL_DEER)(
    '%s: .220 in, 1,356 J and 50 grains are enough, anything less is warned of',
    (species) => {
      const lawful = {
        calibre: { name: 'Custom', bore_in: 0.22 },
        muzzle_energy_j: 1356,
        bullet_weight_gr: 50,
      };
      expect(calibreWarnings(species, lawful)).toEqual([]);
      expect(
        calibreWarnings(species, { ...lawful, calibre: { name: 'Custom', bore_in: 0.219 } }),
      ).toHaveLength(1);
      expect(calibreWarnings(species, { ...lawful, muzzle_energy_j: 1355 })).toHaveLength(1);
      const light = calibreWarnings(species, { ...lawful, bullet_weight_gr: 49 });
      expect(light[0]?.message).toContain('the 49 grain bullet is under 50 grains');
      expect(calibreWarnings(species, { calibre: { name: '.223 Rem' }, muzzle_energy_j: 1700 })).toEqual([]);
    },
  );

  it('does not hold a bullet under 50 grains against the larger deer, which have no such minimum', () => {
    expect(calibreWarnings('Roe Deer', { bullet_weight_gr: 40 })).toEqual([]);
  });

  it('warns of a bullet that does not expand for any deer, and of no expanding type', () => {
    for (const species of [...LARGER_DEER, ...SMALL_DEER]) {
      const [warning] = calibreWarnings(species, { bullet_type: 'Full metal jacket' });
      expect(warning?.message).toContain('full metal jacket bullet is not soft- or hollow-nosed');
      for (const bullet_type of [
        'Soft point',
        'Hollow point',
        'Polymer tip',
        'Bonded',
        'Monolithic expanding',
        'Other',
      ] as const) {
        expect(calibreWarnings(species, { bullet_type })).toEqual([]);
      }
    }
  });

  it('gives one warning naming every shortfall, the rule and the exceptions', () => {
    const warnings = calibreWarnings('Roe Deer', {
      calibre: { name: '.22-250' },
      muzzle_energy_j: 2100,
      bullet_type: 'Full metal jacket',
    });
    expect(warnings).toHaveLength(1);
    const message = warnings[0]!.message;
    expect(message).toContain('Deer Act 1991, Schedule 2');
    expect(message).toContain('0.224 in');
    expect(message).toContain('2,100 J is below 2,305 J (1,700 ft-lb)');
    expect(message).toContain('full metal jacket');
    expect(message).toContain('seriously injured deer');
    expect(message).toContain('licence (section 8)');
  });

  it('warns of nothing it cannot know: no rifle given, a calibre of unknown bore, a fox or a rabbit', () => {
    expect(calibreWarnings('Roe Deer', {})).toEqual([]);
    expect(calibreWarnings('Roe Deer', { calibre: { name: '.17 HMR' } })).toEqual([]);
    for (const species of ['Fox', 'Rabbit', 'Grey Squirrel']) {
      expect(
        cullWarnings(facts(species, { calibre: { name: '.22-250' }, bullet_type: 'Full metal jacket' })),
      ).toEqual([]);
    }
  });

  it('says that the England and Wales rule does not apply to a record in Scotland', () => {
    const [warning] = cullWarnings({
      ...facts('Red Deer', { calibre: { name: '.223 Rem' } }),
      latitude: 57.1,
      longitude: -4.5,
    }).filter(({ code }) => code === 'calibre');
    expect(warning?.message).toContain('in Scotland, where that England and Wales rule does not apply');
  });

  it('takes the bore from the list for a listed calibre and from the stalker for another', () => {
    expect(boreOf({ name: '.308 Win' })).toBe(0.308);
    expect(boreOf({ name: '.275 Rigby', bore_in: 0.284 })).toBe(0.284);
    expect(boreOf({ name: 'Wildcat' })).toBeUndefined();
    expect(boreOf(undefined)).toBeUndefined();
  });
});

describe('the duplicate carcass tag warning', () => {
  const record = { id: 'a', date: '2026-11-15', carcass_tag: 'AF-0042' };

  it('warns of a tag on another record of the same season, whatever its case or spaces', () => {
    const warning = duplicateTagWarning(record, [
      record,
      { id: 'b', date: '2027-03-31', carcass_tag: ' af-0042 ' },
    ]);
    expect(warning?.code).toBe('duplicate_tag');
    expect(warning?.message).toContain(
      'Carcass tag AF-0042 is also on another record (31/03/2027) in the 2026/27 season',
    );
  });

  it('counts every other record with the tag', () => {
    const others = [
      { id: 'b', date: '2026-04-01', carcass_tag: 'AF-0042' },
      { id: 'c', date: '2026-12-01', carcass_tag: 'AF-0042' },
    ];
    expect(duplicateTagWarning(record, others)?.message).toContain(
      '2 other records (01/04/2026, 01/12/2026)',
    );
  });

  it('does not warn across seasons, of the record itself, of other tags, or of a record without a tag', () => {
    expect(
      duplicateTagWarning(record, [{ id: 'b', date: '2026-03-31', carcass_tag: 'AF-0042' }]),
    ).toBeUndefined();
    expect(
      duplicateTagWarning(record, [{ id: 'b', date: '2027-04-01', carcass_tag: 'AF-0042' }]),
    ).toBeUndefined();
    expect(duplicateTagWarning(record, [record])).toBeUndefined();
    expect(
      duplicateTagWarning(record, [{ id: 'b', date: '2026-11-15', carcass_tag: 'AF-0043' }]),
    ).toBeUndefined();
    expect(duplicateTagWarning({ id: 'a', date: '2026-11-15' }, [record])).toBeUndefined();
  });

  it('joins the other warnings of a record of any species when the records with its tag are given', () => {
    const fox = { ...record, species: 'Fox', sex: 'Male', time: '12:00' };
    expect(withWarnings(fox).warnings).toEqual([]);
    expect(
      withWarnings(fox, [{ id: 'b', date: '2026-11-16', carcass_tag: 'AF-0042' }]).warnings.map(
        ({ code }) => code,
      ),
    ).toEqual(['duplicate_tag']);
  });
});
