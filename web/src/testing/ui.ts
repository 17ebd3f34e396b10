import { screen, waitFor, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { vi } from 'vitest';

type User = ReturnType<typeof userEvent.setup>;

/** The choice list labelled exactly `label` (without its required mark). */
export function choiceList(label: string): HTMLSelectElement {
  const field = Array.from(document.querySelectorAll<HTMLElement>('.select')).find(
    (select) => select.querySelector('label')?.textContent?.replace('*', '').trim() === label,
  );
  const list = field?.querySelector('select');
  if (!list) throw new Error(`No choice list labelled ${label}`);
  return list;
}

/** The group of choices (radio buttons) named exactly `label`, if the form has one. */
export function choiceGroup(label: string): HTMLFieldSetElement | undefined {
  return Array.from(document.querySelectorAll<HTMLFieldSetElement>('fieldset.choice-group')).find(
    (group) => group.querySelector('legend')?.textContent?.replace('*', '').trim() === label,
  );
}

/** A choice's name: its words, and any stalkers' word the form gives beside them ("Female (doe)"). */
export function choiceName(option: string): RegExp {
  return new RegExp(`^${option.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}( \\(.+\\))?$`);
}

/** The choice chosen in the group named `label` (its value, without any stalkers' word), or '' for none. */
export function chosenIn(label: string): string {
  return choiceGroup(label)?.querySelector<HTMLInputElement>('input:checked')?.value ?? '';
}

/**
 * Picks `option` (by its words) in the choice list or group of choices labelled `label`, once it is offered: a tap on
 * the choice, or the list's pick.
 */
export async function choose(user: User, label: string, option: string) {
  const group = choiceGroup(label);
  if (group) {
    await user.click(within(group).getByRole('radio', { name: choiceName(option) }));
    return;
  }
  const offered = await waitFor(() => within(choiceList(label)).getByRole('option', { name: option }));
  await user.selectOptions(choiceList(label), offered);
}

/** Fills the record form's required fields (date and time start filled): a Roe Deer doe at Home Wood unless told. */
export async function fillRequired(
  user: User,
  { location = 'Home Wood', species = 'Roe Deer', sex = 'Female' } = {},
) {
  // Over whatever the form filled in by itself (an outing's ground, a place named before).
  await user.clear(screen.getByLabelText(/^Location/));
  await user.type(screen.getByLabelText(/^Location/), location);
  await choose(user, 'Species', species);
  await choose(user, 'Sex', sex);
  await choose(user, 'Age estimate', 'Adult');
  await choose(user, 'Condition', 'Good');
  await choose(user, 'Shot placement', 'Heart/Lung');
}

/** jsdom lays nothing out; gives Leaflet's containers a size so maps draw and take taps. Answers the undo. */
export function giveMapsASize(width = 800, height = 600): () => void {
  const originals = (['clientWidth', 'clientHeight'] as const).map(
    (property) => [property, Object.getOwnPropertyDescriptor(HTMLElement.prototype, property)] as const,
  );
  for (const [property, size] of [
    ['clientWidth', width],
    ['clientHeight', height],
  ] as const) {
    Object.defineProperty(HTMLElement.prototype, property, {
      configurable: true,
      get(this: HTMLElement) {
        return this.classList.contains('leaflet-container') ? size : 0;
      },
    });
  }
  return () => {
    for (const [property, descriptor] of originals) {
      if (descriptor) Object.defineProperty(HTMLElement.prototype, property, descriptor);
    }
  };
}

/** A phone that answers a location request with `answer`, until `forgetGeolocation`. */
export function fakeGeolocation(answer: (success: PositionCallback, failure: PositionErrorCallback) => void) {
  const getCurrentPosition = vi.fn(answer);
  // On the prototype, as browsers have it: jsdom has no geolocation of its own.
  Object.defineProperty(Navigator.prototype, 'geolocation', {
    value: { getCurrentPosition },
    configurable: true,
  });
  return getCurrentPosition;
}

export function forgetGeolocation(): void {
  Reflect.deleteProperty(Navigator.prototype, 'geolocation');
  Reflect.deleteProperty(Navigator.prototype, 'permissions');
}

/** What the browser answers when asked whether this site may know where the phone is. */
export function fakeLocationPermission(state: PermissionState) {
  Object.defineProperty(Navigator.prototype, 'permissions', {
    value: { query: vi.fn(() => Promise.resolve({ state })) },
    configurable: true,
  });
}
