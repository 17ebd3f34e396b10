import { MANAGEMENT_MESSAGES, type CreateGroundRequest } from '@cull-log/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeApi, makeGround, makeOuting, serveManagement } from '../../testing/fake-api';
import { renderApp } from '../../testing/render-app';
import { giveMapsASize } from '../../testing/ui';

let restoreSize: () => void;
beforeAll(() => {
  restoreSize = giveMapsASize();
});
afterAll(() => restoreSize());

async function openGrounds(state: Parameters<typeof serveManagement>[1] = {}) {
  const api = fakeApi().signedInAs();
  const held = serveManagement(api, state);
  const app = await renderApp('/grounds');
  await screen.findByRole('heading', { name: 'Grounds', level: 1 });
  return { api, held, app, user: userEvent.setup({ delay: null }) };
}

/** A tap on the drawing map at a point of its 800 × 600 container. */
async function tapMap(x: number, y: number) {
  const map = await waitFor(() => {
    const found = document.querySelector<HTMLElement>('.boundary-map .leaflet-container');
    if (!found) throw new Error('The drawing map has not loaded');
    return found;
  });
  fireEvent.click(map, { clientX: x, clientY: y });
}

describe('grounds', () => {
  it('creates a ground by tapping its corners, with undo and close, and lists it', async () => {
    const { api, user } = await openGrounds();
    expect(await screen.findByText(/No grounds yet/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '+ New ground' }));
    await user.type(screen.getByLabelText(/^Name/), 'Home Wood');
    await user.type(screen.getByLabelText('Notes'), 'Keys under the stone');

    await tapMap(100, 100);
    await tapMap(300, 100);
    await tapMap(500, 500);
    expect(screen.getByText('3 corners placed.')).toBeInTheDocument();
    // The third was a mistake.
    await user.click(screen.getByRole('button', { name: 'Undo last corner' }));
    expect(screen.getByText('2 corners placed: at least 3 make a boundary.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Close boundary' })).toBeDisabled();
    // An open boundary is not saved by mistake.
    expect(screen.getByRole('button', { name: 'Save ground' })).toBeDisabled();
    await tapMap(300, 300);
    await tapMap(100, 300);
    await user.click(screen.getByRole('button', { name: 'Close boundary' }));
    expect(screen.getByText('Boundary closed with 4 corners.')).toBeInTheDocument();
    // A closed boundary takes no more corners.
    await tapMap(600, 500);
    expect(screen.getByText('Boundary closed with 4 corners.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save ground' }));

    const list = await screen.findByRole('list', { name: 'Your grounds' });
    expect(within(list).getByRole('heading', { name: 'Home Wood' })).toBeInTheDocument();
    expect(within(list).getByText('Boundary of 4 corners')).toBeInTheDocument();
    expect(screen.getByText('Home Wood saved')).toBeInTheDocument();
    const [created] = api.callsTo('POST /api/grounds');
    const body = created?.body as CreateGroundRequest;
    expect(body.name).toBe('Home Wood');
    expect(body.notes).toBe('Keys under the stone');
    const ring = body.boundary?.coordinates[0] ?? [];
    expect(ring).toHaveLength(5);
    expect(ring[4]).toEqual(ring[0]);
    // Tapped left to right and top to bottom: longitude grows, latitude falls.
    expect(ring[1]![0]).toBeGreaterThan(ring[0]![0]);
    expect(ring[2]![1]).toBeLessThan(ring[1]![1]);
  });

  it('sets a centre point instead of a boundary, and clear starts again', async () => {
    const { api, user } = await openGrounds();
    await user.click(await screen.findByRole('button', { name: '+ New ground' }));
    await user.type(screen.getByLabelText(/^Name/), 'Top Field');
    await user.click(screen.getByRole('button', { name: 'Centre point' }));
    await tapMap(400, 300);
    expect(screen.getByText('Centre placed. Tap elsewhere to move it.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save ground' }));
    await screen.findByText('Top Field saved');
    const body = api.callsTo('POST /api/grounds')[0]?.body as CreateGroundRequest;
    expect(body.boundary).toBeUndefined();
    expect(body.centre).toEqual({ latitude: expect.any(Number), longitude: expect.any(Number) });
  });

  it('says by the name when the name is already taken, and keeps what was typed', async () => {
    const { user } = await openGrounds({ grounds: [makeGround({ name: 'Home Wood' })] });
    await user.click(await screen.findByRole('button', { name: '+ New ground' }));
    await user.type(screen.getByLabelText(/^Name/), 'home wood');
    await user.click(screen.getByRole('button', { name: 'Save ground' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MANAGEMENT_MESSAGES.groundNameTaken);
    expect(screen.getByLabelText(/^Name/)).toHaveAccessibleDescription(MANAGEMENT_MESSAGES.groundNameTaken);
    expect(screen.getByLabelText(/^Name/)).toHaveValue('home wood');
  });

  it('renames a ground, archives it apart and restores it', async () => {
    const wood = makeGround({ name: 'Home Wood' });
    const { api, held, user } = await openGrounds({ grounds: [wood] });
    await user.click(await screen.findByRole('button', { name: 'Edit Home Wood' }));
    const name = screen.getByLabelText(/^Name/);
    await user.clear(name);
    await user.type(name, 'Home Wood North');
    await user.click(screen.getByRole('button', { name: 'Save ground' }));
    await screen.findByText('Home Wood North saved');
    // A rename sends the name alone: the boundary is not redrawn.
    expect(api.callsTo(`PATCH /api/grounds/${wood.id}`).map((call) => call.body)).toEqual([
      { expected_version: 1, name: 'Home Wood North' },
    ]);
    expect(held.grounds[0]?.name).toBe('Home Wood North');

    await user.click(screen.getByRole('button', { name: 'Archive Home Wood North' }));
    const archived = await screen.findByRole('list', { name: 'Archived grounds' });
    expect(within(archived).getByRole('heading', { name: 'Home Wood North' })).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Your grounds' })).not.toBeInTheDocument();
    await user.click(within(archived).getByRole('button', { name: 'Restore Home Wood North' }));
    await waitFor(() => expect(held.grounds[0]?.archived).toBe(false));
    expect(await screen.findByRole('list', { name: 'Your grounds' })).toBeInTheDocument();
  });

  it('redraws a ground: Clear, new corners, Close, and only the boundary is sent', async () => {
    const wood = makeGround({
      name: 'Home Wood',
      boundary: {
        type: 'Polygon',
        coordinates: [
          [
            [-1, 52],
            [-0.9, 52],
            [-0.9, 52.1],
            [-1, 52],
          ],
        ],
      },
    });
    const { api, user } = await openGrounds({ grounds: [wood] });
    await user.click(await screen.findByRole('button', { name: 'Edit Home Wood' }));
    expect(await screen.findByText('Boundary closed with 3 corners.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(screen.getByText('Tap the map at each corner of the ground, in order.')).toBeInTheDocument();
    for (const [x, y] of [
      [100, 100],
      [400, 100],
      [400, 400],
      [100, 400],
    ] as const)
      await tapMap(x, y);
    await user.click(screen.getByRole('button', { name: 'Close boundary' }));
    await user.click(screen.getByRole('button', { name: 'Save ground' }));
    await screen.findByText('Home Wood saved');
    const [patch] = api.callsTo(`PATCH /api/grounds/${wood.id}`);
    const body = patch?.body as { boundary: { coordinates: number[][][] }; centre: null; name?: string };
    expect(body.name).toBeUndefined();
    expect(body.centre).toBeNull();
    expect(body.boundary.coordinates[0]).toHaveLength(5);
  });

  it("lists the season's outings with their culls, a blank one marked", async () => {
    const wood = makeGround({ name: 'Home Wood' });
    const field = makeGround({ name: 'Top Field' });
    const thisYear = new Date().toISOString();
    await openGrounds({
      grounds: [wood, field],
      outings: [
        makeOuting({ ground_id: wood.id, started_at: thisYear, ended_at: thisYear, cull_count: 2 }),
        makeOuting({ ground_id: field.id, started_at: thisYear, ended_at: thisYear, cull_count: 0 }),
      ],
    });
    const list = await screen.findByRole('list', { name: /^Outings of the season/ });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Top Field');
    expect(items[0]).toHaveTextContent('Blank');
    expect(items[1]).toHaveTextContent('Home Wood');
    expect(items[1]).toHaveTextContent('2 culls');
  });
});
