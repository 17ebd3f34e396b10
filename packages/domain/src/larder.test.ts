import { describe, expect, it } from 'vitest';
import type { CullInspection } from '@cull-log/contracts';
import {
  declarationBar,
  declarationRefusal,
  declaredDealerChanges,
  inspectionResult,
  larderCsvLine,
  larderEntry,
  seasonOfLabel,
  type LarderFields,
} from './larder';

const passed: CullInspection = {
  examined_by: 'Jo Hunter',
  certificate_number: 'DSC1-123',
  abnormal_behaviour: false,
  abnormalities: [],
  contamination_suspected: false,
};
const carcass: LarderFields = {
  date: '2026-11-02',
  time: '07:15',
  location_name: 'Home Wood',
  grid_ref: 'SK 1234 5678',
  species: 'Roe Deer',
  sex: 'Female',
  age_estimate: 'Adult',
  carcass_tag: 'T-101',
  carcass_destination: 'Game dealer',
  game_dealer: 'Hill Game Ltd',
  inspection: passed,
};

describe('the inspection result', () => {
  it('is "Not examined" without an examination and "Passed: no abnormalities" when nothing was found', () => {
    expect(inspectionResult(undefined)).toBe('Not examined');
    expect(inspectionResult(passed)).toBe('Passed: no abnormalities');
  });

  it('names every finding, the other one in its own words', () => {
    expect(
      inspectionResult({
        ...passed,
        abnormal_behaviour: true,
        abnormalities: ['abscesses', 'other'],
        other_abnormality: 'Broken jaw',
        contamination_suspected: true,
      }),
    ).toBe(
      'Abnormal: Abnormal behaviour before the shot; Abscesses; Other: Broken jaw; Environmental contamination suspected',
    );
  });
});

describe('a declaration', () => {
  it('can be made for an examined carcass with nothing abnormal', () => {
    expect(declarationRefusal(carcass)).toBeUndefined();
    expect(larderEntry('id-1', carcass)).not.toHaveProperty('declaration_refused');
  });

  it.each([
    [
      'an abnormality',
      { ...passed, abnormalities: ['suspected_tb_lesions' as const] },
      'Suspected TB lesions',
    ],
    ['abnormal behaviour', { ...passed, abnormal_behaviour: true }, 'Abnormal behaviour before the shot'],
    ['suspected contamination', { ...passed, contamination_suspected: true }, 'contamination suspected'],
  ])('is refused for %s, saying what was found', (_, inspection, finding) => {
    const refusal = declarationRefusal({ ...carcass, inspection });
    expect(refusal).toContain('Carcass T-101 gets no declaration');
    expect(refusal).toContain(finding);
    expect(larderEntry('id-1', { ...carcass, inspection }).declaration_refused).toBe(refusal);
  });

  it('is refused for a carcass nobody examined, or one not recovered or condemned', () => {
    const { inspection: _, ...unexamined } = carcass;
    expect(declarationRefusal(unexamined)).toMatch(/no examination recorded/);
    expect(declarationRefusal({ ...carcass, carcass_destination: 'Condemned' })).toMatch(/condemned/);
    expect(declarationRefusal({ ...carcass, carcass_destination: 'Not recovered' })).toMatch(/not recovered/);
  });

  it('is refused for a carcass without a tag, which is how a declaration names it', () => {
    const { carcass_tag: _, ...untagged } = carcass;
    expect(declarationRefusal(untagged)).toMatch(/no tag recorded/);
  });
});

describe('why a carcass gets no declaration, in a word', () => {
  it('names each reason the larder book explains once, in the order the refusal gives them', () => {
    const { inspection: _, ...unexamined } = carcass;
    const { carcass_tag: _tag, ...untagged } = carcass;
    expect(declarationBar(carcass)).toBeUndefined();
    expect(declarationBar({ ...unexamined, carcass_destination: 'Condemned' })).toBe('not_sent');
    expect(declarationBar({ ...unexamined, carcass_tag: undefined })).toBe('not_examined');
    expect(declarationBar({ ...untagged, inspection: { ...passed, abnormal_behaviour: true } })).toBe(
      'abnormal',
    );
    expect(declarationBar(untagged)).toBe('no_tag');
  });
});

describe('the dealer a declaration names, kept on its records', () => {
  it('fills the dealer of a record gone to a game dealer that names none', () => {
    expect(declaredDealerChanges({ carcass_destination: 'Game dealer' }, 'Vale Game')).toEqual({
      game_dealer: 'Vale Game',
    });
  });

  it('fills the destination too where the record has none', () => {
    expect(declaredDealerChanges({}, 'Vale Game')).toEqual({
      carcass_destination: 'Game dealer',
      game_dealer: 'Vale Game',
    });
  });

  it('never overwrites a dealer or another destination the stalker gave', () => {
    expect(
      declaredDealerChanges(
        { carcass_destination: 'Game dealer', game_dealer: 'Hill Game Ltd' },
        'Vale Game',
      ),
    ).toBeUndefined();
    expect(declaredDealerChanges({ carcass_destination: 'Own use' }, 'Vale Game')).toBeUndefined();
  });
});

describe('the larder CSV', () => {
  it('writes the date as the UK does and neutralises a cell a spreadsheet would run', () => {
    const line = larderCsvLine(larderEntry('id-1', { ...carcass, game_dealer: '=HYPERLINK("x")' }));
    expect(line).toBe(
      '"02/11/2026","07:15","Home Wood","SK 1234 5678","Roe Deer","Female","Adult","","T-101","Game dealer",' +
        '"\'=HYPERLINK(""x"")","Jo Hunter","DSC1-123","Passed: no abnormalities"\r\n',
    );
  });
});

it('a season label names 1 April to 31 March', () => {
  expect(seasonOfLabel('2026/27')).toEqual({ label: '2026/27', from: '2026-04-01', to: '2027-03-31' });
});
