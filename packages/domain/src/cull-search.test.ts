import { describe, expect, it } from 'vitest';
import { cullSearchText, normaliseSearch } from './cull-search';
import type { CullFields } from '@cull-log/contracts';
import { redStag, roeDoe } from './testing/fixtures';

describe('cullSearchText', () => {
  it('holds the carcass text fields after the columns, and nothing more for a record without them', () => {
    const text = cullSearchText({
      ...roeDoe,
      calibre: { name: '6.5 Creedmoor' },
      bullet_type: 'Polymer tip',
      shooter: 'Jo Bloggs',
      carcass_tag: 'AF-0042',
      carcass_destination: 'Game dealer',
      game_dealer: 'Downs Game Ltd',
      inspection: {
        examined_by: 'Sam Keeper',
        certificate_number: 'DSC1-777',
        abnormal_behaviour: false,
        abnormalities: [],
        contamination_suspected: false,
      },
    });
    expect(text.startsWith(`${cullSearchText(roeDoe)}\n`)).toBe(true);
    expect(text.split('\n').slice(-8)).toEqual([
      '6.5 creedmoor',
      'polymer tip',
      'jo bloggs',
      'af-0042',
      'game dealer',
      'downs game ltd',
      'sam keeper',
      'dsc1-777',
    ]);
  });

  it('holds every Cull Data column, lower-cased, one per line', () => {
    expect(cullSearchText(roeDoe)).toBe(
      [
        '03/11/2026',
        '2026-11-03',
        '06:00',
        'home wood',
        'roe deer',
        'female',
        'adult',
        '14.5',
        'good',
        'no',
        'heart/lung',
      ].join('\n'),
    );
    expect(cullSearchText(redStag).split('\n')).toEqual(
      expect.arrayContaining([
        '20/09/2026',
        'red deer',
        'male',
        'mature adult',
        'yes',
        '150 meters, 80 yards',
      ]),
    );
  });

  it('leaves out what the table does not show', () => {
    const text = cullSearchText({ ...roeDoe, notes: 'secret note', grid_ref: 'SU 1 2' });
    expect(text).not.toContain('secret');
    expect(text).not.toContain('su 1 2');
  });
});

/** What the read models ask of their search index: the normalised query within the record's search text. */
const found = (cull: CullFields, query: string) => cullSearchText(cull).includes(normaliseSearch(query));

describe('a search', () => {
  it.each(['', 'ROE', '  home ', '03/11', '2026-11', '14.5', 'heart'])('finds the record for %j', (query) => {
    expect(found(roeDoe, query)).toBe(true);
  });

  it.each(['fallow', '04/11/2026', 'wood roe'])('does not find the record for %j', (query) => {
    expect(found(roeDoe, query)).toBe(false);
  });

  it('matches across two columns only with the line break between them', () => {
    expect(found(roeDoe, 'wood roe')).toBe(false);
    expect(found(roeDoe, 'wood\nroe')).toBe(true);
  });

  it('normalises a query the way the text is stored', () => {
    expect(normaliseSearch('  Roe DEER ')).toBe('roe deer');
  });
});
