import exifReader from 'exif-reader';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CullView, ListCullsResponse } from '@cull-log/contracts';
import {
  BASE_URL,
  choose,
  field,
  launchChromium,
  openPhone,
  PHONE,
  screenshot,
  signInForDevelopment,
} from './browser';

if (!BASE_URL) throw new Error('E2E_BASE_URL is not set: the global setup should have started the app');

/** A 12 MP photo as a phone takes it: 4000×3000, with the camera's make and where it was taken in GPS tags. */
async function phonePhoto(): Promise<Buffer> {
  return sharp({ create: { width: 4000, height: 3000, channels: 3, background: { r: 90, g: 120, b: 60 } } })
    .jpeg({ quality: 80 })
    .withExifMerge({
      IFD0: { Make: 'Pixel', Model: 'Field Phone' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '52/1 39/1 2873/100',
        GPSLongitudeRef: 'E',
        GPSLongitude: '1/1 42/1 5780/100',
      },
    })
    .toBuffer();
}

/** The user's records as the server lists them. */
async function serverRecords(page: Page): Promise<CullView[]> {
  return ((await (await page.request.get('/api/culls?page_size=100')).json()) as ListCullsResponse).items;
}

async function fillRequired(page: Page, location: string) {
  await field(page, 'date').fill('2026-11-20');
  await field(page, 'time').fill('07:15');
  await field(page, 'location_name').fill(location);
  await choose(page, 'Species', 'Roe Deer');
  await choose(page, 'Sex', 'Female');
  await choose(page, 'Age estimate', 'Adult');
  await choose(page, 'Condition', 'Good');
  await choose(page, 'Shot placement', 'Heart/Lung');
}

/** Whether an image on the page has loaded and has pixels (a refused or broken one has none). */
const loaded = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0);

describe('photos of a record, on a phone', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const violations: string[] = [];
  const shot = (name: string) => screenshot(page, PHONE, `photos-${name}`);

  beforeAll(async () => {
    browser = await launchChromium();
    // No bypass of the Content Security Policy: the previews and thumbnails must show under it.
    ({ context, page } = await openPhone(browser, {}, 20_000));
    page.on('console', (message) => {
      if (message.text().includes('Content Security Policy')) violations.push(message.text());
    });
    await signInForDevelopment(page, 'Photo Stalker', `photos-${Date.now()}@example.com`);
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('adds a record with a photo: shrunk on the phone, shown before saving, and on the record card after', async () => {
    await page.goto('/add-cull');
    await page.getByRole('heading', { name: 'Add New Cull Record' }).waitFor();
    await fillRequired(page, 'Marsh Wood');

    const photos = page.locator('details.photos');
    expect(await photos.getAttribute('open')).toBeNull();
    await photos.locator('summary').click();
    const sent = await phonePhoto();
    expect(exifReader((await sharp(sent).metadata()).exif!).GPSInfo?.GPSLatitude).toEqual([52, 39, 28.73]);
    await field(page, 'photos').setInputFiles({ name: 'PXL_0001.jpg', mimeType: 'image/jpeg', buffer: sent });
    const preview = photos.getByRole('img', { name: 'Photo 1' });
    await preview.waitFor();
    expect(await preview.getAttribute('src')).toMatch(/^blob:/);
    await expect.poll(() => loaded(page, 'details.photos img')).toBe(true);
    expect(await photos.locator('summary').textContent()).toBe('Photos (1)');

    // Every control of the section is a 44 px touch target.
    for (const name of ['Remove photo 1', 'Take a photo', 'Choose photos']) {
      const box = await photos.getByRole('button', { name }).boundingBox();
      expect(box, name).not.toBeNull();
      expect(Math.min(box!.width, box!.height), name).toBeGreaterThanOrEqual(44);
    }
    await preview.scrollIntoViewIfNeeded();
    await shot('form');

    await page.getByRole('button', { name: 'Save Record' }).click();
    await page.getByRole('heading', { name: 'Cull Data' }).waitFor();
    const card = page.getByRole('list', { name: 'Cull records' }).getByRole('link').first();
    const thumbnail = card.getByRole('img', { name: 'Photo 1 of 1' });
    await thumbnail.waitFor();
    await expect.poll(() => loaded(page, '.cull-card__photo')).toBe(true);
    await shot('card');

    // What the server kept: shrunk on the phone to 2,048 px, without the camera's tags or its GPS position.
    const list = (await (await page.request.get('/api/culls')).json()) as ListCullsResponse;
    const record = list.items[0] as CullView;
    const [photo] = record.photos ?? [];
    expect(photo).toMatchObject({ content_type: 'image/jpeg', width: 2048, height: 1536 });
    const full = await page.request.get(`/api/culls/${record.id}/photos/${photo!.id}`);
    expect(full.status()).toBe(200);
    expect(full.headers()['content-type']).toBe('image/jpeg');
    expect(full.headers()['cache-control']).toBe('private, max-age=31536000, immutable');
    expect(full.headers()['x-content-type-options']).toBe('nosniff');
    const kept = await sharp(await full.body()).metadata();
    expect(kept).toMatchObject({ width: 2048, height: 1536 });
    expect(kept.exif).toBeUndefined();

    // The record's own card shows it, opening the whole photo.
    await card.click();
    const gallery = page.getByRole('region', { name: 'Photos' });
    await gallery.waitFor();
    const link = gallery.getByRole('link');
    expect(await link.getAttribute('href')).toBe(`/api/culls/${record.id}/photos/${photo!.id}`);
    await expect.poll(() => loaded(page, '.photo-gallery img')).toBe(true);
    const box = await link.boundingBox();
    expect(Math.min(box!.width, box!.height)).toBeGreaterThanOrEqual(44);
    await shot('record');
    expect(violations).toEqual([]);
  });

  it('removes the photo on the edit form, and the record keeps none', async () => {
    await page.getByRole('link', { name: 'Edit' }).click();
    await page.getByRole('heading', { name: 'Edit Cull Record' }).waitFor();
    const photos = page.locator('details.photos');
    expect(await photos.getAttribute('open')).not.toBeNull();
    await expect.poll(() => loaded(page, 'details.photos img')).toBe(true);
    await photos.getByRole('button', { name: 'Remove photo 1' }).click();
    expect(await photos.getByRole('img').count()).toBe(0);
    await page.getByRole('button', { name: 'Update Record' }).click();
    await page.getByRole('heading', { name: 'Cull Data' }).waitFor();
    const list = (await (await page.request.get('/api/culls')).json()) as ListCullsResponse;
    expect(list.items[0]).not.toHaveProperty('photos');
    // The list shows what it last read until its fresh read arrives.
    await expect
      .poll(() => page.getByRole('list', { name: 'Cull records' }).getByRole('img').count())
      .toBe(0);
    expect(violations).toEqual([]);
  });

  it('with no signal, keeps the photo in the outbox behind its record and sends it after the record', async () => {
    // Pages work offline once the app's worker is in charge of them.
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.goto('/add-cull');
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await page.getByRole('heading', { name: 'Add New Cull Record' }).waitFor();
    await context.setOffline(true);
    await fillRequired(page, 'No Signal Wood');
    const photos = page.locator('details.photos');
    await photos.locator('summary').click();
    await field(page, 'photos').setInputFiles({
      name: 'PXL_0002.jpg',
      mimeType: 'image/jpeg',
      buffer: await phonePhoto(),
    });
    await photos.getByRole('img', { name: 'Photo 1' }).waitFor();
    await page.getByRole('button', { name: 'Save Record' }).click();
    await page.waitForURL(/\/data$/);
    const banner = page.getByRole('region', { name: 'Changes on this device' });
    await expect.poll(() => banner.textContent()).toContain('2 changes are waiting to sync.');
    expect((await serverRecords(page)).map((record) => record.location_name)).not.toContain('No Signal Wood');

    await context.setOffline(false);
    await banner.waitFor({ state: 'detached', timeout: 40_000 });
    const record = (await serverRecords(page)).find((each) => each.location_name === 'No Signal Wood');
    expect(record?.photos).toHaveLength(1);
    expect(record?.photos?.[0]).toMatchObject({ content_type: 'image/jpeg', width: 2048, height: 1536 });
    expect(violations).toEqual([]);
  });
});
