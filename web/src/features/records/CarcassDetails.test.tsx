import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, json, makeCull } from '../../testing/fake-api';
import { renderApp } from '../../testing/render-app';

describe('the record card with the carcass fields', () => {
  it('shows the rifle, the carcass, its inspection and the weather, as text', async () => {
    const cull = makeCull({
      calibre: { name: '.243 Win' },
      bullet_weight_gr: 100,
      bullet_type: 'Soft point',
      muzzle_velocity_fps: 2960,
      muzzle_energy_j: 2637,
      shooter: 'Ann Stalker',
      carcass_tag: '<b>AF-0042</b>',
      carcass_destination: 'Game dealer',
      game_dealer: 'Downs Venison',
      inspection: {
        examined_by: 'Sam Keeper',
        certificate_number: 'DSC1-777',
        abnormal_behaviour: false,
        abnormalities: ['parasites', 'other'],
        other_abnormality: 'Pale liver',
        contamination_suspected: false,
      },
      weather: { temperature_c: -2, wind_speed_mph: 8, wind_direction: 'SW', cloud: 'Overcast' },
    });
    fakeApi()
      .signedInAs()
      .on(`GET /api/culls/${cull.id}`, () => json(cull));
    await renderApp(`/view-cull/${cull.id}`);
    await screen.findByRole('heading', { name: /Roe Deer/ });
    for (const text of [
      '.243 Win (0.243 in)',
      '100 gr, Soft point',
      '2,960 ft/s',
      '2,637 J',
      'Ann Stalker',
      '<b>AF-0042</b>',
      'Downs Venison',
      'Sam Keeper (certificate DSC1-777)',
      'Parasites (liver fluke, lungworm, ked); Other: Pale liver',
      '-2 °C, wind SW 8 mph, Overcast',
    ]) {
      expect(screen.getByText(text)).toBeInTheDocument();
    }
  });

  it('shows a dash for each carcass field of a record without them, and no dealer', async () => {
    const cull = makeCull();
    fakeApi()
      .signedInAs()
      .on(`GET /api/culls/${cull.id}`, () => json(cull));
    await renderApp(`/view-cull/${cull.id}`);
    await screen.findByRole('heading', { name: /Roe Deer/ });
    expect(screen.getByText('Calibre').nextElementSibling).toHaveTextContent('-');
    expect(screen.getByText('Inspection').nextElementSibling).toHaveTextContent('-');
    expect(screen.queryByText('Game dealer')).not.toBeInTheDocument();
  });
});
