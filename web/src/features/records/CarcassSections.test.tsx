import { CARCASS_MESSAGES } from '@cull-log/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, json, makeCull, USER } from '../../testing/fake-api';
import { renderApp } from '../../testing/render-app';
import { choose, fillRequired } from '../../testing/ui';
import { PHONE_QUERY } from './CarcassSections';

function onPhone(isPhone: boolean) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: isPhone && query === PHONE_QUERY,
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    })),
  );
}

async function openAddForm() {
  const api = fakeApi().signedInAs();
  api.on('GET /api/culls', () => json({ items: [], total: 0, page: 1, page_size: 10 }));
  await renderApp('/add-cull');
  await screen.findByRole('heading', { name: 'Add New Cull Record' });
  return { api, user: userEvent.setup({ delay: null }) };
}

const section = (title: string) => screen.getByText(title, { selector: 'summary' }).closest('details')!;

afterEach(() => vi.unstubAllGlobals());

describe('the carcass sections of the form', () => {
  it('start closed on a phone, and a minimal record saves without opening them', async () => {
    onPhone(true);
    const { api, user } = await openAddForm();
    for (const title of ['Rifle and shot', 'Carcass and inspection', 'Weather']) {
      expect(section(title)).not.toHaveAttribute('open');
    }
    api.on('POST /api/culls', () => json(makeCull(), 201));
    await fillRequired(user);
    await user.click(screen.getByRole('button', { name: 'Save Record' }));
    await waitFor(() => expect(api.callsTo('POST /api/culls')).toHaveLength(1));
    const body = api.callsTo('POST /api/culls')[0]?.body as Record<string, unknown>;
    expect(body.shooter).toBe(USER.display_name);
    for (const field of ['calibre', 'carcass_tag', 'inspection', 'weather', 'game_dealer']) {
      expect(body).not.toHaveProperty(field);
    }
  });

  it('start open on a wider screen, with the shooter filled in as the signed-in user', async () => {
    onPhone(false);
    await openAddForm();
    for (const title of ['Rifle and shot', 'Carcass and inspection', 'Weather']) {
      expect(section(title)).toHaveAttribute('open');
    }
    expect(screen.getByLabelText('Shooter')).toHaveValue('Ann Stalker');
  });

  it('open and close when their heading is pressed', async () => {
    onPhone(true);
    const { user } = await openAddForm();
    await user.click(screen.getByText('Weather', { selector: 'summary' }));
    expect(section('Weather')).toHaveAttribute('open');
    await user.click(screen.getByText('Weather', { selector: 'summary' }));
    expect(section('Weather')).not.toHaveAttribute('open');
  });

  it('ask for the game dealer only when the carcass goes to one', async () => {
    onPhone(false);
    const { user } = await openAddForm();
    const dealer = () => screen.queryByRole('textbox', { name: 'Game dealer' });
    expect(dealer()).not.toBeInTheDocument();
    await choose(user, 'Carcass destination', 'Game dealer');
    expect(dealer()).toBeInTheDocument();
    await choose(user, 'Carcass destination', 'Own use');
    expect(dealer()).not.toBeInTheDocument();
  });

  it('ask for the calibre and bore as typed under Other, and the other abnormality when it is ticked', async () => {
    onPhone(false);
    const { user } = await openAddForm();
    expect(screen.queryByLabelText('Bore (inches)')).not.toBeInTheDocument();
    await choose(user, 'Calibre', 'Other');
    expect(screen.getByLabelText('Other calibre')).toBeInTheDocument();
    expect(screen.getByLabelText('Bore (inches)')).toBeInTheDocument();
    expect(screen.queryByLabelText(/^Other abnormality/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Other' }));
    expect(screen.getByLabelText(/^Other abnormality/)).toBeInTheDocument();
  });

  it('shows the calibre warning while the form is filled in, and drops it for a lawful rifle', async () => {
    onPhone(false);
    const { user } = await openAddForm();
    await choose(user, 'Species', 'Roe Deer');
    await choose(user, 'Sex', 'Male');
    await choose(user, 'Calibre', '.223 Rem');
    const warnings = await screen.findByRole('region', { name: 'Check before you save' });
    expect(warnings).toHaveTextContent('Deer Act 1991, Schedule 2');
    await choose(user, 'Calibre', '.243 Win');
    await waitFor(() => expect(screen.queryByText(/Schedule 2/)).not.toBeInTheDocument());
    await user.type(screen.getByLabelText('Bullet weight (grains)'), '100');
    await user.type(screen.getByLabelText('Muzzle velocity (ft/s)'), '2000');
    // 100 grains at 2,000 ft/s carry about 1,204 J, short of the 2,305 J a roe needs.
    expect(await screen.findByText(/muzzle energy of 1,204 J is below 2,305 J/)).toBeInTheDocument();
  });

  it('sends the carcass fields, and opens a closed section to show a field the check refuses', async () => {
    onPhone(true);
    const { api, user } = await openAddForm();
    api.on('POST /api/culls', () => json(makeCull(), 201));
    await fillRequired(user);
    await user.click(screen.getByText('Carcass and inspection', { selector: 'summary' }));
    await user.type(screen.getByLabelText('Carcass tag'), 'AF-0042');
    await user.click(screen.getByRole('checkbox', { name: 'Bad smell' }));
    await user.click(screen.getByText('Carcass and inspection', { selector: 'summary' }));
    await user.click(screen.getByRole('button', { name: 'Save Record' }));
    expect(await screen.findByText(CARCASS_MESSAGES.examinedBy)).toBeInTheDocument();
    expect(section('Carcass and inspection')).toHaveAttribute('open');
    expect(api.callsTo('POST /api/culls')).toHaveLength(0);

    await user.type(screen.getByLabelText('Examined by'), 'Ann Stalker');
    await user.click(screen.getByRole('button', { name: 'Save Record' }));
    await waitFor(() => expect(api.callsTo('POST /api/culls')).toHaveLength(1));
    expect(api.callsTo('POST /api/culls')[0]?.body).toMatchObject({
      carcass_tag: 'AF-0042',
      inspection: {
        examined_by: 'Ann Stalker',
        abnormal_behaviour: false,
        abnormalities: ['bad_smell'],
        contamination_suspected: false,
      },
    });
  });

  it('open on a phone when editing a record that has their fields, showing them', async () => {
    onPhone(true);
    const cull = makeCull({ calibre: { name: '.275 Rigby', bore_in: 0.284 }, carcass_tag: 'AF-1' });
    fakeApi()
      .signedInAs()
      .on(`GET /api/culls/${cull.id}`, () => json(cull));
    await renderApp(`/edit-cull/${cull.id}`);
    await screen.findByText('Rifle and shot', { selector: 'summary' });
    expect(section('Rifle and shot')).toHaveAttribute('open');
    expect(section('Carcass and inspection')).toHaveAttribute('open');
    expect(section('Weather')).not.toHaveAttribute('open');
    expect(screen.getByLabelText('Other calibre')).toHaveValue('.275 Rigby');
    expect(screen.getByLabelText('Bore (inches)')).toHaveValue(0.284);
    expect(screen.getByLabelText('Carcass tag')).toHaveValue('AF-1');
  });
});
