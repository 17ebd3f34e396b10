import { describe, expect, it } from 'vitest';
import type { ZodError } from 'zod';
import {
  AmendCountRequest,
  Count,
  DEER_MANAGEMENT_MESSAGES as M,
  fieldMessages,
  GroundDensityResponse,
  ListCountsQuery,
  MESSAGES,
  RecordCountRequest,
} from './index';

const GROUND = '6a0c7f8e-9b1d-4c2e-8f3a-1b2c3d4e5f60';
const buck = { species: 'Roe Deer', sex: 'Male', age_class: 'Adult', count: 3 };
const vantage = { ground_id: GROUND, date: '2027-03-20', method: 'vantage_point', items: [buck] };
const dung = {
  plots: 40,
  plot_area_m2: 10,
  pellet_groups: 24,
  days_since_clearance: 60,
  defecation_rate: 20,
  species: 'Fallow Deer',
};

const refusals = (result: { error?: ZodError }) =>
  result.error === undefined ? {} : fieldMessages(result.error);

describe('POST /api/counts', () => {
  it('takes a vantage-point count with its lines and notes', () => {
    const body = { ...vantage, notes: 'Three observers, clear and still' };
    expect(RecordCountRequest.parse(body)).toEqual(body);
  });

  it('takes each method by its name', () => {
    for (const method of ['vantage_point', 'thermal', 'drive', 'camera', 'other'])
      expect(RecordCountRequest.safeParse({ ...vantage, method }).success).toBe(true);
  });

  it('takes a dung count with its plots and no lines: the numbers are worked out', () => {
    expect(RecordCountRequest.parse({ ground_id: GROUND, date: '2027-03-20', method: 'dung', dung })).toEqual(
      {
        ground_id: GROUND,
        date: '2027-03-20',
        method: 'dung',
        dung,
      },
    );
  });

  it.each([
    ['a negative count', { items: [{ ...buck, count: -2 }] }, 'items.0.count', M.count],
    ['a fractional count', { items: [{ ...buck, count: 2.5 }] }, 'items.0.count', M.count],
    ['no lines on a count by sight', { items: [] }, 'items', M.countItemsNeeded],
    ['a method not on the list', { method: 'guess' }, 'method', M.countMethod],
    ['a date that is not a day', { date: '20/03/2027' }, 'date', M.countDate],
    ['a ground that is not an id', { ground_id: 'home' }, 'ground_id', 'ground_id must be a UUID'],
    ['plots on a count by sight', { dung }, 'dung', M.dungOnlyForDung],
    ['notes with control characters', { notes: 'a\u0000b' }, 'notes', MESSAGES.unsafeText],
  ])('refuses %s, naming the field', (_what, change, field, message) => {
    expect(refusals(RecordCountRequest.safeParse({ ...vantage, ...change }))).toMatchObject({
      [field]: message,
    });
  });

  it.each([
    ['zero days since clearance', { days_since_clearance: 0 }, 'dung.days_since_clearance', M.dungDays],
    ['a fraction of a day', { days_since_clearance: 0.5 }, 'dung.days_since_clearance', M.dungDays],
    ['a zero defecation rate', { defecation_rate: 0 }, 'dung.defecation_rate', M.dungRate],
    ['a negative defecation rate', { defecation_rate: -20 }, 'dung.defecation_rate', M.dungRate],
    ['no plots', { plots: 0 }, 'dung.plots', M.dungPlots],
    ['plots of no area', { plot_area_m2: 0 }, 'dung.plot_area_m2', M.dungPlotArea],
    ['negative pellet groups', { pellet_groups: -1 }, 'dung.pellet_groups', M.dungPelletGroups],
    ['fractional pellet groups', { pellet_groups: 2.5 }, 'dung.pellet_groups', M.dungPelletGroups],
  ])('refuses a dung count with %s, naming the field', (_what, change, field, message) => {
    const body = { ground_id: GROUND, date: '2027-03-20', method: 'dung', dung: { ...dung, ...change } };
    expect(refusals(RecordCountRequest.safeParse(body))).toMatchObject({ [field]: message });
  });

  it('refuses a dung count without its plots, or with lines of its own', () => {
    const bare = { ground_id: GROUND, date: '2027-03-20', method: 'dung' };
    expect(refusals(RecordCountRequest.safeParse(bare))).toEqual({ dung: M.dungNeeded });
    expect(refusals(RecordCountRequest.safeParse({ ...bare, dung, items: [buck] }))).toEqual({
      items: M.dungItemsWorkedOut,
    });
  });
});

describe('PATCH /api/counts/:id', () => {
  it('takes any one field, notes cleared with null', () => {
    expect(AmendCountRequest.parse({ notes: null })).toEqual({ notes: null });
    expect(AmendCountRequest.parse({ items: [buck], expected_version: 2 })).toEqual({
      items: [buck],
      expected_version: 2,
    });
    expect(AmendCountRequest.parse({ method: 'dung', dung })).toEqual({ method: 'dung', dung });
  });

  it('refuses nothing to change, a negative count, plots on a count by sight, and a dung count losing its plots', () => {
    expect(AmendCountRequest.safeParse({ expected_version: 2 }).success).toBe(false);
    expect(refusals(AmendCountRequest.safeParse({ items: [{ ...buck, count: -1 }] }))).toEqual({
      'items.0.count': M.count,
    });
    expect(refusals(AmendCountRequest.safeParse({ method: 'drive', dung }))).toEqual({
      dung: M.dungOnlyForDung,
    });
    expect(refusals(AmendCountRequest.safeParse({ method: 'dung', dung: null }))).toEqual({
      dung: M.dungNeeded,
    });
    expect(refusals(AmendCountRequest.safeParse({ dung: { ...dung, defecation_rate: 0 } }))).toEqual({
      'dung.defecation_rate': M.dungRate,
    });
  });
});

describe('what counts and densities read back as', () => {
  it('a count, a dung count with its working, a list query by ground, a density answer', () => {
    const count = {
      id: '7b0c7f8e-9b1d-4c2e-8f3a-1b2c3d4e5f61',
      ground_id: GROUND,
      date: '2027-03-20',
      method: 'dung',
      items: [{ species: 'Fallow Deer', sex: 'Unknown', age_class: 'Unknown', count: 120 }],
      notes: null,
      dung: {
        ...dung,
        deer_per_hectare: 0.5,
        deer_per_km2: 50,
        formula: 'density = …',
        working: [{ label: 'Area searched', formula: '40 plots × 10 m²', result: '400 m²' }],
      },
      version: 1,
      created_at: '2027-03-20T10:00:00.000Z',
      updated_at: '2027-03-20T10:00:00.000Z',
    };
    expect(Count.parse(count)).toEqual(count);
    expect(ListCountsQuery.parse({ ground: GROUND })).toEqual({ ground: GROUND });
    expect(refusals(ListCountsQuery.safeParse({ ground: 'x' }))).toEqual({
      ground: 'ground must be the id of one of your grounds (a UUID)',
    });
    const density = {
      area_km2: 2.4,
      species: [
        { species: 'Fallow Deer', count: 120, density_per_km2: 50, method: 'dung', date: '2027-03-20' },
      ],
    };
    expect(GroundDensityResponse.parse(density)).toEqual(density);
  });
});
