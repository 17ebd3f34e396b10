import { describe, expect, it } from 'vitest';
import { statsAppPerTest } from './testing/stats-app';
import { MANAGEMENT_MESSAGES } from '@cull-log/contracts';
import { createSampleEventLog } from '@cull-log/eventstore/testing';
import { pdfText } from './testing/pdf-text';

const NOW = new Date('2027-02-10T12:00:00Z');

describe('GET /reports/season.pdf', () => {
  const stats = statsAppPerTest(NOW);
  const { get } = stats;

  async function seasonOfAlice() {
    const log = createSampleEventLog();
    const wyrfa = log.groundCreated('alice', 'Cwm Ŵyrfa');
    const home = log.groundCreated('alice', 'Home Farm');
    const outing = log.outingStarted(
      'alice',
      wyrfa.streamId,
      '2026-11-02T06:00:00.000Z',
      '2026-11-02T09:00:00.000Z',
    );
    log.outingStarted('alice', home.streamId, '2026-12-02T06:00:00.000Z', '2026-12-02T07:00:00.000Z');
    const buck = log.recorded('alice', {
      species: 'Roe Deer',
      sex: 'Male',
      age_estimate: 'Adult',
      date: '2026-11-02',
      time: '10:00',
      weight: 15,
      carcass_destination: 'Game dealer',
    });
    log.placed('alice', buck.streamId, wyrfa.streamId, outing.streamId);
    const doe = log.recorded('alice', {
      species: 'Roe Deer',
      sex: 'Female',
      age_estimate: 'Adult',
      date: '2027-01-15',
      time: '10:00',
      weight: 12,
      carcass_destination: 'Own use',
    });
    log.placed('alice', doe.streamId, home.streamId);
    log.recorded('alice', {
      species: 'Roe Deer',
      sex: 'Female',
      age_estimate: 'Adult',
      date: '2027-01-20',
      time: '06:00',
      weight: 13,
    });
    log.recorded('alice', { species: 'Fallow Deer', sex: 'Male', date: '2025-11-02' });
    log.groundRenamed('alice', home.streamId, 'Home Farm and Long Wood');
    log.plansSet('alice', '2026-27', [
      {
        ground_id: null,
        targets: [
          { species: 'Roe Deer', class: 'Female', target: 4 },
          { species: 'Roe Deer', class: 'Male', target: 0 },
        ],
      },
    ]);
    const bobsGround = log.groundCreated('bob', 'Secret Covert');
    const bobs = log.recorded('bob', { species: 'Sika Deer', sex: 'Male', date: '2026-12-01' });
    log.placed('bob', bobs.streamId, bobsGround.streamId);
    for (const event of log.events) await stats.store.apply(event);
  }

  it('is a PDF of the season a manager sends: the plan, grounds, months, outings, weights and destinations', async () => {
    await seasonOfAlice();
    const response = await get('alice', '/reports/season.pdf?season=2026-27');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe('attachment; filename="season-report-2026-27.pdf"');
    const text = pdfText(response.rawPayload);

    expect(text).toContain('Season report 2026/27');
    expect(text).toContain('Stalker: alice');
    expect(text).toContain('Season: 01/04/2026 to 31/03/2027 (seasons start on 1 April)');
    expect(text).toContain('Made on: 10/02/2027');
    expect(text).toContain('Culled in the season: 3');
    expect(text).toMatch(/All grounds\s+Roe Deer\s+Male\s+0\s+1\s+exceeded by 1/);
    expect(text).toMatch(/All grounds\s+Roe Deer\s+Female\s+4\s+2\s+2/);
    expect(text).toMatch(/Cwm Ŵyrfa\s+1/);
    expect(text).toMatch(/Home Farm and Long Wood\s+1/);
    expect(text).toMatch(/No ground\s+1/);
    expect(text).toMatch(/November 2026\s+1/);
    expect(text).toMatch(/January 2027\s+2/);
    expect(text).toMatch(/March 2027\s+0/);
    expect(text).toContain('Outings: 2');
    expect(text).toContain('Blank outings: 1');
    expect(text).toContain('Hours out: 4.0');
    expect(text).toContain('Hours per deer: 4.0');
    expect(text).toMatch(/Roe Deer\s+Female\s+2\s+2\s+12.5 kg/);
    expect(text).toMatch(/Roe Deer\s+Male\s+1\s+1\s+15.0 kg/);
    // Every destination with its count, and the culls whose destination was never recorded.
    expect(text).toMatch(/Own use\s+1\s+Game dealer\s+1\s+Given away\s+0\s+Stalking client\s+0/);
    expect(text).toMatch(/Landowner\/estate\s+0\s+Not recovered\s+0\s+Condemned\s+0\s+Not recorded\s+1/);
    // The roe buck in November is in the close season; the doe at 06:00 on 20 January is before first light.
    expect(text).toContain('Legal warnings');
    expect(text).toMatch(/In the close season \(Deer Act 1991, Schedule 1\)\s+1/);
    expect(text).toMatch(/At night \(section 3\)\s+1/);
    expect(text).toMatch(/Rifle or bullet below the legal minimum \(Schedule 2\)\s+0/);
    // Last season's fallow buck and everything of Bob's are elsewhere.
    expect(text).not.toContain('Fallow');
    expect(text).not.toContain('Sika');
    expect(text).not.toContain('Secret Covert');
  });

  it('defaults to the season containing today by the user start, and says so when it has no culls', async () => {
    const log = createSampleEventLog();
    await stats.store.apply(log.settingsChanged('carol', '08-01'));
    const response = await get('carol', '/reports/season.pdf');
    expect(response.statusCode).toBe(200);
    const text = pdfText(response.rawPayload);
    expect(text).toContain('Season report 2026/27');
    expect(text).toContain('Season: 01/08/2026 to 31/07/2027 (seasons start on 1 August)');
    expect(text).toContain('No culls and no plan for this season.');
    expect(text).toMatch(/Carcass destinations\s+No culls in this season\./);
    expect(text).toMatch(/Legal warnings\s+No culls in this season\./);
    expect(text).not.toContain('Not recorded');
  });

  it('refuses a malformed season with 400 and its message', async () => {
    const response = await get('alice', '/reports/season.pdf?season=2026/27');
    expect(response.statusCode).toBe(400);
    expect(JSON.stringify(response.json())).toContain(MANAGEMENT_MESSAGES.season);
  });
});
