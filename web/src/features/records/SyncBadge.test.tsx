import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { SyncStatusContext, type SyncState } from '../../api/outbox/sync-status';
import { makeCull } from '../../testing/fake-api';
import { CullCards } from './CullCards';

describe('sync state on the cards', () => {
  it('marks each record changed on this device with where it stands, and the rest not at all', () => {
    const [waiting, refused, synced] = [makeCull(), makeCull(), makeCull()];
    const states = new Map<string, SyncState>([
      [waiting.id, 'waiting'],
      [refused.id, 'refused'],
    ]);
    render(
      <MemoryRouter>
        <SyncStatusContext.Provider value={states}>
          <CullCards
            items={[waiting, refused, synced]}
            emptyText=""
            sort="created_at"
            order="desc"
            onSortChange={() => {}}
          />
        </SyncStatusContext.Provider>
      </MemoryRouter>,
    );
    const cards = screen.getAllByRole('link');
    expect(cards[0]).toHaveTextContent('Waiting to sync');
    expect(cards[1]).toHaveTextContent('Not saved: needs a fix');
    expect(cards[2]).not.toHaveTextContent(/sync|Not saved/);
  });
});
