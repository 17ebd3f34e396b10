import type { Page } from 'playwright-core';
import { choiceGroup } from './browser';

/** A person's pace on the hill: a second between one tap and the next. */
export const PERSON_PACE_MS = 1_000;

/** Today in England (`yyyy-MM-dd`, as a date field takes it), and as the app and its reports show it. */
export const TODAY_ISO = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date());
export const TODAY = TODAY_ISO.split('-').reverse().join('/');

/** A wood of about 1 km² in the middle of England, drawn as its four corners (longitude, latitude). */
export const WOOD_BOUNDARY = {
  type: 'Polygon',
  coordinates: [
    [
      [-1.5, 52.5],
      [-1.485, 52.5],
      [-1.485, 52.509],
      [-1.5, 52.509],
      [-1.5, 52.5],
    ],
  ],
};

export const outingControl = (page: Page) => page.getByRole('group', { name: 'Outing' });
export const changesBanner = (page: Page) => page.getByRole('region', { name: 'Changes on this device' });

/** A tap on the outing's control, then a person's pause. */
export async function tapOnOuting(page: Page, name: string): Promise<void> {
  await outingControl(page).getByRole('button', { name, exact: true }).tap();
  await page.waitForTimeout(PERSON_PACE_MS);
}

/** Adds a line of deer seen on the outing: its species, sex and age class, each a tap. */
export async function addSightingLine(
  page: Page,
  species: string,
  sex: string,
  ageClass: string,
): Promise<void> {
  await tapOnOuting(page, 'Add deer seen');
  for (const [label, option] of [
    ['Species', species],
    ['Sex', sex],
    ['Age class', ageClass],
  ] as const) {
    await choiceGroup(page, label).getByRole('radio', { name: option, exact: true }).check();
    await page.waitForTimeout(PERSON_PACE_MS);
  }
  await tapOnOuting(page, 'Add line');
}
