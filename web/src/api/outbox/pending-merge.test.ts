import type { ListCullsResponse, ListOutingsResponse, MapPointsResponse } from '@cull-log/contracts';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { makeCull, makeOuting } from '../../testing/fake-api';
import type { OutboxItem } from './outbox';
import {
  applyPending,
  countsWithPending,
  mergeIntoList,
  mergeIntoMapPoints,
  mergeIntoOutings,
} from './pending-merge';

const item = (seq: number, command: OutboxItem['command']): OutboxItem => ({
  seq,
  userId: 'user-1',
  command,
  state: 'waiting',
  queuedAt: Date.UTC(2026, 10, 20, 6),
});
const newRecord = makeCull({ id: 'new-1', species: 'Fox', latitude: 52.5, longitude: -1.5 });
const {
  id: _id,
  created_by: _by,
  created_at: _at,
  updated_at: _up,
  version: _v,
  warnings: _w,
  ...newBody
} = newRecord;
const pending = [
  item(1, { kind: 'create', recordId: 'new-1', body: newBody as never }),
  item(2, { kind: 'amend', recordId: 'old-1', body: { notes: 'changed', expected_version: 2 } }),
  item(3, { kind: 'delete', recordId: 'old-2' }),
];
const list: ListCullsResponse = {
  items: [makeCull({ id: 'old-1', notes: 'before' }), makeCull({ id: 'old-2' }), makeCull({ id: 'old-3' })],
  total: 3,
  page: 1,
  page_size: 10,
};

describe('waiting changes shown in what the screens have', () => {
  it('puts a new record first, an amended one with its new values, and takes a deleted one out', () => {
    const merged = mergeIntoList(list, pending, true);
    expect(merged.items.map((record) => record.id)).toEqual(['new-1', 'old-1', 'old-3']);
    expect(merged.items[1]!.notes).toBe('changed');
    expect(merged.total).toBe(3);
    // Applying again changes nothing: a record is never listed twice.
    expect(mergeIntoList(merged, pending, true).items.map((record) => record.id)).toEqual([
      'new-1',
      'old-1',
      'old-3',
    ]);
    expect(mergeIntoList(list, pending, false).items.map((record) => record.id)).toEqual(['old-1', 'old-3']);
  });

  it('puts a new located record on the map once', () => {
    const points: MapPointsResponse = { species: ['Roe Deer'], points: [[51, -2, 0]], truncated: false };
    const merged = mergeIntoMapPoints(mergeIntoMapPoints(points, pending), pending);
    expect(merged.points).toEqual([
      [52.5, -1.5, 1],
      [51, -2, 0],
    ]);
    expect(merged.species).toEqual(['Roe Deer', 'Fox']);
  });

  it('keeps when the data was read, and lets a new record open on its own', () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(['culls', 'list', { page: 1 }], list, { updatedAt: 1_000 });
    applyPending(queryClient, pending);
    expect(queryClient.getQueryState(['culls', 'list', { page: 1 }])?.dataUpdatedAt).toBe(1_000);
    expect(queryClient.getQueryData<ListCullsResponse>(['culls', 'list', { page: 1 }])?.items[0]?.id).toBe(
      'new-1',
    );
    expect(queryClient.getQueryData(['culls', 'detail', 'new-1'])).toMatchObject({
      id: 'new-1',
      species: 'Fox',
    });
  });

  it('leaves a new record off a team’s list and map, which the server fills, but shows changes to records on them', () => {
    const queryClient = new QueryClient();
    const team = { team: 'team-1' };
    const points: MapPointsResponse = { species: ['Roe Deer'], points: [[51, -2, 0]], truncated: false };
    queryClient.setQueryData(['culls', 'list', { page: 1 }, team], list);
    queryClient.setQueryData(['culls', 'map-points', {}, team], points);
    applyPending(queryClient, pending);
    const teamList = queryClient.getQueryData<ListCullsResponse>(['culls', 'list', { page: 1 }, team]);
    expect(teamList?.items.map((record) => record.id)).toEqual(['old-1', 'old-3']);
    expect(teamList?.items[0]?.notes).toBe('changed');
    expect(queryClient.getQueryData(['culls', 'map-points', {}, team])).toEqual(points);
  });
});

describe('an outing’s waiting sightings', () => {
  const roe = { species: 'Roe Deer' as const, sex: 'Male' as const, age_class: 'Adult' as const, count: 2 };
  const open = makeOuting({ ground_id: 'g1', sightings: null });
  const past = makeOuting({ ground_id: 'g1', ended_at: '2026-11-19T10:00:00.000Z', sightings: [] });
  const other = makeOuting({ ground_id: 'g1', ended_at: '2026-11-18T10:00:00.000Z' });
  const outings: ListOutingsResponse = { items: [open, past, other], open };
  const waiting = [
    item(1, { kind: 'outing-sightings', recordId: open.id, body: { hunters: 3, sightings: [roe] } }),
    item(2, { kind: 'outing-sightings', recordId: past.id, body: { hunters: 2 } }),
  ];

  it('shows the device’s values over the server’s, in the list and the open outing, and leaves the rest be', () => {
    const merged = mergeIntoOutings(outings, waiting);
    expect(merged.open).toMatchObject({ id: open.id, hunters: 3, sightings: [roe] });
    expect(merged.items[0]).toEqual(merged.open);
    expect(merged.items[1]).toMatchObject({ hunters: 2, sightings: [] });
    expect(merged.items[2]).toBe(other);
    expect(mergeIntoOutings(merged, waiting)).toEqual(merged);
  });

  it('changes the outings already read and nothing else', () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(['outings', 'all'], outings);
    applyPending(queryClient, waiting);
    expect(queryClient.getQueryData<ListOutingsResponse>(['outings', 'all'])?.open?.hunters).toBe(3);
  });
});

describe('new counts waiting on this device', () => {
  const groundId = '20000000-0000-4000-8000-000000000001';
  const onServer = {
    id: 'count-old',
    ground_id: groundId,
    date: '2026-03-01',
    method: 'vantage_point' as const,
    items: [{ species: 'Roe Deer' as const, sex: 'Male' as const, age_class: 'Adult' as const, count: 2 }],
    notes: null,
    dung: null,
    version: 1,
    created_at: '2026-03-01T09:00:00.000Z',
    updated_at: '2026-03-01T09:00:00.000Z',
  };
  const waiting = (seq: number, id: string, ground = groundId) =>
    item(seq, {
      kind: 'record-count',
      recordId: id,
      body: {
        ground_id: ground,
        date: '2026-03-21',
        method: 'dung',
        notes: 'Plots by the ride',
        dung: {
          plots: 10,
          plot_area_m2: 10,
          pellet_groups: 5,
          days_since_clearance: 30,
          defecation_rate: 20,
          species: 'Roe Deer',
        },
      },
    });

  it('lists the ground’s new counts first, newest first, and none twice or from another ground', () => {
    const merged = countsWithPending(
      [onServer],
      [waiting(1, 'count-1'), waiting(2, 'count-2'), waiting(3, 'count-3', 'other-ground')],
      groundId,
    );
    expect(merged.map((count) => count.id)).toEqual(['count-2', 'count-1', 'count-old']);
    expect(merged[0]).toMatchObject({ method: 'dung', items: [], dung: null, notes: 'Plots by the ride' });
    // Sent, and read back from the server before the outbox let it go.
    expect(
      countsWithPending([{ ...onServer, id: 'count-1' }], [waiting(1, 'count-1')], groundId).map(
        (count) => count.id,
      ),
    ).toEqual(['count-1']);
    expect(countsWithPending([onServer], [], groundId)).toEqual([onServer]);
  });
});
