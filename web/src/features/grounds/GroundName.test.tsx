import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, json, makeCull } from '../../testing/fake-api';
import { renderApp } from '../../testing/render-app';

describe("a record's ground", () => {
  it('is named beside the location in the table and on the record', async () => {
    const cull = makeCull({ location_name: 'High seat 3', ground_id: 'g-1', ground_name: 'Home Wood' });
    const api = fakeApi().signedInAs();
    api.on('GET /api/culls', () => json({ items: [cull], total: 1, page: 1, page_size: 10 }));
    api.on(`GET /api/culls/${cull.id}`, () => json(cull));
    const { router } = await renderApp('/data');
    const table = await screen.findByRole('grid');
    expect(
      within(table).getByText('High seat 3').closest('[role="rowheader"], [role="gridcell"]'),
    ).toHaveTextContent('High seat 3 (Home Wood)');
    await router.navigate(`/view-cull/${cull.id}`);
    const ground = await screen.findByText('Ground');
    expect(ground.nextSibling).toHaveTextContent('Home Wood');
  });
});
