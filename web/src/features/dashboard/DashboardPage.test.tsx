import { MESSAGES, type StatsResponse } from '@cull-log/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, deferred, fakeApi, json } from '../../testing/fake-api';
import { renderApp } from '../../testing/render-app';

const stats = (overrides: Partial<StatsResponse> = {}): StatsResponse => ({
  total_culls: 12,
  this_month: 3,
  species_breakdown: { 'Roe Deer': 7, Muntjac: 4, Fox: 1 },
  average_weight: 14.25,
  top_species: 'Roe Deer',
  per_month: [
    { month: '2025-02', count: 4 },
    { month: '2025-03', count: 3 },
  ],
  season: {
    label: '2024/25',
    from: '2024-04-01',
    to: '2025-03-31',
    species_by_sex: { 'Roe Deer': { Female: 5, Male: 2 } },
  },
  position: 40,
  ...overrides,
});

describe('dashboard', () => {
  it('shows loading, then the cards and both charts', async () => {
    const answer = deferred<Response>();
    fakeApi()
      .signedInAs()
      .on('GET /api/stats', () => answer.promise);
    await renderApp('/dashboard');
    expect(await screen.findByText('Loading dashboard...')).toBeInTheDocument();
    answer.resolve(json(stats()));

    const total = await screen.findByText('Total Culls');
    expect(total.parentElement).toHaveTextContent('12');
    expect(screen.getByText('This Month').parentElement).toHaveTextContent('3');
    expect(screen.getByText('Top Species').parentElement).toHaveTextContent('Roe Deer');
    expect(screen.getByText('Average Weight').parentElement).toHaveTextContent('14.3 kg');

    const species = screen.getByRole('list', { name: 'Culls by species' });
    expect(
      within(species)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Roe Deer7', 'Muntjac4', 'Fox1']);
    const months = screen.getByRole('table', { name: 'Culls per month' });
    expect(within(months).getByRole('rowheader', { name: 'Feb 2025' }).nextSibling).toHaveTextContent('4');
  });

  it('says No data available when there are no records', async () => {
    fakeApi()
      .signedInAs()
      .on('GET /api/stats', () =>
        json(
          stats({
            total_culls: 0,
            this_month: 0,
            species_breakdown: {},
            average_weight: null,
            top_species: null,
          }),
        ),
      );
    await renderApp('/dashboard');
    expect(await screen.findByText(MESSAGES.noData)).toBeInTheDocument();
  });

  it('reports a failure to load', async () => {
    fakeApi()
      .signedInAs()
      .on('GET /api/stats', () => apiError(503, 'service_unavailable', 'Stats are rebuilding'));
    await renderApp('/dashboard');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to load dashboard data: Stats are rebuilding',
    );
  });
});
