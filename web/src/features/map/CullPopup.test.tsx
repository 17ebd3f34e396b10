import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '../../api/client';
import { makeCull } from '../../testing/fake-api';
import { CullPopup, type PopupRecords } from './CullPopup';

const popupWith = (records: PopupRecords) =>
  render(
    <MemoryRouter>
      <CullPopup records={records} />
    </MemoryRouter>,
  );

const popupFor = (overrides: Parameters<typeof makeCull>[0]) =>
  popupWith({ status: 'success', data: [makeCull(overrides)] });

describe('map popup', () => {
  it('shows the record with the optional fields it has', () => {
    popupFor({
      weight: 14.5,
      antlers_present: true,
      antler_points: 6,
      antler_condition: 'Good',
      shot_distance: '120 yards',
      notes: 'Clean shot',
      ground_id: '6f1c2d43-8c1e-4a53-9d0e-3c8a4b5e6f70',
      ground_name: 'Long Covert',
    });
    expect(screen.getByRole('heading', { name: 'Home Wood' })).toBeInTheDocument();
    for (const text of [
      'Long Covert',
      '07/03/2025',
      '06:30',
      'Roe Deer',
      'Female (doe)',
      'Adult',
      '14.5 kg',
      '6 points, Good',
      'Heart/Lung',
      '120 yards',
      'Clean shot',
    ]) {
      expect(screen.getByText(text)).toBeInTheDocument();
    }
  });

  it('leaves out the ground, weight, antlers, distance and notes when absent', () => {
    popupFor({});
    for (const label of ['Ground', 'Weight', 'Antlers', 'Distance', 'Notes']) {
      expect(screen.queryByText(label)).not.toBeInTheDocument();
    }
  });

  it('renders user text as text, never as HTML', () => {
    const { container } = popupFor({ location_name: '<img src=x onerror=alert(1)>', notes: '<b>bold</b>' });
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('b')).toBeNull();
    expect(screen.getByText('<b>bold</b>')).toBeInTheDocument();
  });

  it('lists every record at the point in the order given, each with its link', () => {
    const records = [
      makeCull({ location_name: 'High Seat 3', date: '2025-03-09', species: 'Fallow Deer' }),
      makeCull({ location_name: 'High Seat 3', date: '2025-03-08', species: 'Muntjac' }),
      makeCull({ location_name: 'High Seat 3', date: '2025-03-07' }),
    ];
    popupWith({ status: 'success', data: records });
    expect(screen.getAllByRole('heading', { name: 'High Seat 3' })).toHaveLength(3);
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      expect.stringContaining('09/03/2025'),
      expect.stringContaining('08/03/2025'),
      expect.stringContaining('07/03/2025'),
    ]);
    expect(
      screen.getAllByRole('link', { name: 'View record' }).map((link) => link.getAttribute('href')),
    ).toEqual(records.map((record) => `/view-cull/${record.id}`));
  });

  it('says the records are loading while they are fetched', () => {
    popupWith({ status: 'pending' });
    expect(screen.getByRole('status')).toHaveTextContent('Loading records...');
  });

  it('says why the records could not be read', () => {
    popupWith({
      status: 'error',
      error: new ApiRequestError(503, 'service_unavailable', 'The service is unavailable, try again'),
    });
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Could not load the records here: The service is unavailable, try again',
    );
  });

  it('says so when the point has no records any more', () => {
    popupWith({ status: 'success', data: [] });
    expect(screen.getByRole('status')).toHaveTextContent('No records here any more.');
  });
});
