import { describe, expect, it } from 'vitest';
import { ReplayGuard } from './replay-guard';

describe('ReplayGuard', () => {
  it('takes an id once, and refuses it again until its header has expired', () => {
    const guard = new ReplayGuard(10);
    expect(guard.take('a', 130, 100)).toBe('taken');
    expect(guard.take('a', 130, 129)).toBe('replayed');
    // A header of this id is refused as expired from 130 on; the id need not be held any longer.
    expect(guard.take('b', 160, 130)).toBe('taken');
    expect(guard.size).toBe(1);
  });

  it('refuses when it holds as many unexpired ids as it may, and takes again once some have expired', () => {
    const guard = new ReplayGuard(2);
    expect(guard.take('a', 130, 100)).toBe('taken');
    expect(guard.take('b', 131, 101)).toBe('taken');
    expect(guard.take('c', 132, 102)).toBe('full');
    expect(guard.take('c', 160, 130)).toBe('taken');
    expect(guard.size).toBe(2);
  });

  it('forgets an expired id held behind one that expires later, when it needs the room', () => {
    const guard = new ReplayGuard(2);
    expect(guard.take('late', 200, 100)).toBe('taken');
    expect(guard.take('early', 120, 100)).toBe('taken');
    expect(guard.take('next', 150, 121)).toBe('taken');
    expect(guard.take('late', 200, 121)).toBe('replayed');
  });

  it('sweeps every expired id at once, wherever it is held', () => {
    const guard = new ReplayGuard(10);
    guard.take('late', 200, 100);
    guard.take('early', 120, 100);
    expect(guard.sweep(120)).toBe(1);
    expect(guard.take('late', 200, 121)).toBe('replayed');
    expect(guard.sweep(200)).toBe(1);
    expect(guard.size).toBe(0);
  });
});
