import { describe, expect, it } from 'vitest';
import { FUTURE_MESSAGES, futureCullError } from './cull-moment';

describe('a cull in the future', () => {
  // 27 November 2026, 18:40 in London (GMT).
  const now = new Date('2026-11-27T18:40:00Z');

  it('lets through now, the past, and a phone a few minutes ahead', () => {
    expect(futureCullError('2026-11-27', '18:40', now)).toBeUndefined();
    expect(futureCullError('2026-11-27', '18:50', now)).toBeUndefined();
    expect(futureCullError('2026-11-26', '23:59', now)).toBeUndefined();
    expect(futureCullError('2025-04-01', '06:00', now)).toBeUndefined();
  });

  it('refuses a time later today on the time, and a later day on the date', () => {
    expect(futureCullError('2026-11-27', '18:51', now)).toEqual({
      field: 'time',
      message: FUTURE_MESSAGES.time,
    });
    expect(futureCullError('2026-11-28', '06:00', now)).toEqual({
      field: 'date',
      message: FUTURE_MESSAGES.date,
    });
  });

  it('reads the clock in UK time: in summer, 07:30 BST is 06:30 UTC', () => {
    const summer = new Date('2026-07-01T06:30:00Z');
    expect(futureCullError('2026-07-01', '07:35', summer)).toBeUndefined();
    expect(futureCullError('2026-07-01', '07:45', summer)?.field).toBe('time');
  });

  it('just before midnight, the first minutes of tomorrow are within the grace', () => {
    const lateEvening = new Date('2026-11-27T23:55:00Z');
    expect(futureCullError('2026-11-28', '00:04', lateEvening)).toBeUndefined();
    expect(futureCullError('2026-11-28', '00:06', lateEvening)?.field).toBe('time');
    expect(futureCullError('2026-11-29', '00:00', lateEvening)?.field).toBe('date');
  });
});
