import type { GroundTrendsResponse } from '@cull-log/contracts';
import { groundTrends, type GroundTrendsInput } from '@cull-log/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, fakeApi, json, makeGround, serveManagement } from '../../testing/fake-api';
import { renderApp } from '../../testing/render-app';

const HOME = makeGround({ name: 'Home Wood' });

const roeCount = (date: string, deer: number): GroundTrendsInput['counts'][number] => ({
  date,
  method: 'vantage_point',
  items: [{ species: 'Roe Deer', sex: 'Unknown', age_class: 'Adult', count: deer }],
  created_at: `${date}T12:00:00Z`,
  dung: null,
});

const outing = (id: string, day: string, hours: number, seen: number) => ({
  id,
  started_at: `${day}T05:00:00Z`,
  ended_at: new Date(Date.parse(`${day}T05:00:00Z`) + hours * 3_600_000).toISOString(),
  hunters: 1,
  sightings: [
    { species: 'Roe Deer' as const, sex: 'Unknown' as const, age_class: 'Adult' as const, count: seen },
  ],
});

/** Three seasons of roe on a 2 km² ground, the answer worked out by the same rules the server uses. */
function threeSeasons(areaKm2: number | undefined): GroundTrendsResponse {
  return groundTrends({
    groundId: HOME.id,
    areaKm2,
    seasonStart: '04-01',
    now: new Date('2026-11-05T09:00:00Z'),
    counts: [roeCount('2024-05-01', 20), roeCount('2025-05-01', 16), roeCount('2026-05-01', 12)],
    outings: [
      outing('a', '2024-06-01', 4, 8),
      outing('b', '2025-06-01', 5, 5),
      outing('c', '2026-06-01', 8, 2),
    ],
    culls: [
      { date: '2024-06-01', species: 'Roe Deer', sex: 'Male', outing_id: 'a' },
      { date: '2025-06-01', species: 'Roe Deer', sex: 'Female', outing_id: 'b' },
      { date: '2026-06-01', species: 'Roe Deer', sex: 'Female', outing_id: 'c' },
    ],
  });
}

async function openTrends(answer: () => Response) {
  const api = fakeApi().signedInAs();
  serveManagement(api, { grounds: [HOME] });
  api.on(`GET /api/grounds/${HOME.id}/trends`, answer);
  await renderApp('/grounds');
  const user = userEvent.setup({ delay: null });
  const toggle = await screen.findByRole('button', { name: 'Trends on Home Wood' });
  return { api, user, toggle };
}

describe('a ground’s trends', () => {
  it('are read only when opened, and say which way each species points with a chart of each figure', async () => {
    const answer = threeSeasons(2);
    const { api, user, toggle } = await openTrends(() => json(answer));
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(api.callsTo(`GET /api/grounds/${HOME.id}/trends`)).toHaveLength(0);

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const roe = await screen.findByRole('article', { name: 'Roe Deer' });
    expect(api.callsTo(`GET /api/grounds/${HOME.id}/trends`)).toHaveLength(1);
    // The density falls 10, 8, 6 a km²; hours per deer rise 4, 5, 8 while sightings fall 2, 1, 0.25: fewer deer.
    expect(
      within(roe).getByText(
        'Roe Deer density is falling, from 10 in 2024/25 to 6 deer per km² in 2026/27: about 25 % a season. Hours per deer are rising while sightings per hunter-hour fall: there are fewer deer than there were.',
      ),
    ).toBeInTheDocument();
    expect(
      within(roe).getByRole('img', {
        name: 'Density, deer per km²: 2024/25 10, 2025/26 8, 2026/27 6. Falling.',
      }),
    ).toBeInTheDocument();
    expect(
      within(roe).getByRole('img', {
        name: 'Seen per hunter-hour: 2024/25 2, 2025/26 1, 2026/27 0.25. Falling.',
      }),
    ).toBeInTheDocument();
    expect(
      within(roe).getByRole('img', {
        name: 'Hunter-hours per deer culled: 2024/25 4, 2025/26 5, 2026/27 8. Rising.',
      }),
    ).toBeInTheDocument();

    expect(
      within(roe).getByRole('img', {
        name: 'Culled, by sex: 2024/25 1 male; 2025/26 1 female; 2026/27 1 female.',
      }),
    ).toBeInTheDocument();

    await user.click(within(roe).getByText('Figures by season'));
    const table = within(roe).getByRole('table', { name: 'Roe Deer on Home Wood by season' });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['2024/25', '20', '10', '2', '4', '1 male'],
      ['2025/26', '16', '8', '1', '5', '1 female'],
      ['2026/27', '12', '6', '0.25', '8', '1 female'],
    ]);

    await user.click(toggle);
    expect(screen.queryByRole('article', { name: 'Roe Deer' })).not.toBeInTheDocument();
  });

  it('without a boundary chart the count and say to draw the boundary for density', async () => {
    const { user, toggle } = await openTrends(() => json(threeSeasons(undefined)));
    await user.click(toggle);
    const roe = await screen.findByRole('article', { name: 'Roe Deer' });
    expect(
      screen.getByText('Draw the ground’s boundary to see density per km²: counts are shown instead.'),
    ).toBeInTheDocument();
    expect(
      within(roe).getByRole('img', { name: 'Count, deer: 2024/25 20, 2025/26 16, 2026/27 12. Falling.' }),
    ).toBeInTheDocument();
    expect(within(roe).queryByRole('img', { name: /^Density/ })).not.toBeInTheDocument();
  });

  it('say when nothing is recorded on the ground', async () => {
    const empty = await openTrends(() => json({ ground_id: HOME.id, area_km2: 2, seasons: [], species: [] }));
    await empty.user.click(empty.toggle);
    expect(
      await screen.findByText(/^Nothing counted, seen or culled on Home Wood yet\./),
    ).toBeInTheDocument();
  });

  it('say why they could not be read', async () => {
    const failing = await openTrends(() => apiError(500, 'internal', 'Something went wrong'));
    await failing.user.click(failing.toggle);
    expect(await screen.findByRole('alert')).toHaveTextContent('Trends could not be loaded');
  });
});
