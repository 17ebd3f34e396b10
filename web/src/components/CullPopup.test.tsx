import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { makeCull } from '../testing/fake-api';
import { CullPopup } from './CullPopup';

const popupFor = (overrides: Parameters<typeof makeCull>[0]) =>
  render(
    <MemoryRouter>
      <CullPopup cull={makeCull(overrides)} />
    </MemoryRouter>,
  );

describe('map popup', () => {
  it('shows the record with the optional fields it has', () => {
    popupFor({
      weight: 14.5,
      antlers_present: true,
      antler_points: 6,
      antler_condition: 'Good',
      shot_distance: '120 yards',
      notes: 'Clean shot',
    });
    expect(screen.getByRole('heading', { name: 'Home Wood' })).toBeInTheDocument();
    for (const text of [
      '07/03/2025',
      '06:30',
      'Roe Deer',
      'Female',
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

  it('leaves out weight, antlers, distance and notes when absent', () => {
    popupFor({});
    for (const label of ['Weight', 'Antlers', 'Distance', 'Notes']) {
      expect(screen.queryByText(label)).not.toBeInTheDocument();
    }
  });

  it('renders user text as text, never as HTML', () => {
    const { container } = popupFor({ location_name: '<img src=x onerror=alert(1)>', notes: '<b>bold</b>' });
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('b')).toBeNull();
    expect(screen.getByText('<b>bold</b>')).toBeInTheDocument();
  });
});
