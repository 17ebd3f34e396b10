import { clear, get, set } from 'idb-keyval';
import { afterEach, describe, expect, it } from 'vitest';
import { userKey } from '../lib/stored';
import { forgetSession, rememberedSession } from './session';

afterEach(async () => {
  await clear();
  localStorage.clear();
});

describe('signing out', () => {
  it('leaves nothing of any user on the device but its own settings', async () => {
    localStorage.setItem(
      'cull-log:last-session',
      JSON.stringify({ uid: 'alice', display_name: null, email: null }),
    );
    localStorage.setItem(
      userKey('remembered', 'alice'),
      JSON.stringify({ places: [{ name: 'High Seat 3' }] }),
    );
    localStorage.setItem(userKey('team', 'bob'), JSON.stringify('team-1'));
    localStorage.setItem('cookie-consent', 'essential');
    await set('cull-log:draft:alice:add', { typed: 'Roe buck' });
    await set('cull-log:reads:alice', { format: 1 });

    await forgetSession();

    expect(rememberedSession()).toBeUndefined();
    expect(Object.keys(localStorage)).toEqual(['cookie-consent']);
    expect(await get('cull-log:draft:alice:add')).toBeUndefined();
    expect(await get('cull-log:reads:alice')).toBeUndefined();
  });
});
