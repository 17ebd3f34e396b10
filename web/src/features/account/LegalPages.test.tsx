import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { INACTIVITY_NOTICE_DAYS, RECORD_RETENTION_YEARS, UNUSED_ACCOUNT_YEARS } from '@cull-log/contracts';
import { formatUkDate } from '../../lib/format';
import { fakeApi } from '../../testing/fake-api';
import { renderApp } from '../../testing/render-app';

const sectionTitles = () =>
  screen
    .getAllByRole('heading', { level: 2 })
    .map((heading) => heading.textContent?.replace(/^\d+\.\s*/, ''))
    .filter((title) => title !== 'Contents');

describe('legal pages', () => {
  it('terms cover every section, show today as their dates and link home', async () => {
    fakeApi();
    await renderApp('/terms');
    expect(await screen.findByRole('heading', { level: 1, name: 'Terms & Conditions' })).toBeInTheDocument();
    expect(sectionTitles()).toEqual([
      'About these terms',
      'The service',
      'Your account and Google sign-in',
      'Acceptable use',
      'Wildlife law compliance',
      'Data protection and your rights',
      'Cookies',
      'Your rights as a UK consumer',
      'Intellectual property',
      'Our liability to you',
      'Availability of the service',
      'Ending your use of the service',
      'Changes to these terms',
      'Disputes',
      'Governing law',
      'Contact us',
      'Severability',
    ]);
    const today = formatUkDate(new Date());
    expect(screen.getByText(new RegExp(`Last updated: ${today}`))).toBeInTheDocument();
    expect(screen.getByText(/Effective date:/)).toHaveTextContent(today);
    expect(screen.getByText(/record-keeping tool only/)).toBeInTheDocument();
    expect(screen.getByText(/greater of £100/)).toBeInTheDocument();
    expect(screen.getByText(/governed by English law/)).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Back to Home' })[0]).toHaveAttribute('href', '/');
  });

  it('privacy policy covers every section with the retention and response periods', async () => {
    fakeApi();
    await renderApp('/privacy');
    expect(await screen.findByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeInTheDocument();
    expect(sectionTitles()).toHaveLength(16);
    for (const fact of [
      /for as long as your account exists, until you delete them/,
      /Account data .*: until you delete your account/,
      /Deleting your account \(Your data, in the menu once you are signed in\) erases at once/,
      /never more than 90 days/,
      /download everything we keep about you as one zip file/,
      /deleting asks you to type DELETE and to sign in again first/,
      /12 months\./,
      /within one month/,
      /within 72 hours/,
      /under 16/,
      /Information Commissioner/,
      /map tiles .* are fetched by your browser from OpenStreetMap/,
    ]) {
      expect(screen.getAllByText(fact).length).toBeGreaterThan(0);
    }
    expect(screen.getAllByRole('link', { name: 'Terms & Conditions' }).length).toBeGreaterThan(1);
  });

  it('privacy policy says both retention rules the retention job keeps, from its own numbers', async () => {
    fakeApi();
    await renderApp('/privacy');
    const retention = (await screen.findByRole('heading', { level: 2, name: /How long we keep it/ })).closest(
      'section',
    );
    const text = retention?.textContent?.replace(/\s+/g, ' ') ?? '';
    expect(text).toContain(
      `${RECORD_RETENTION_YEARS} years after the later of the day of the cull and the day it was entered into Cull Log, a record is removed`,
    );
    expect(text).toContain(`An account not used for ${UNUSED_ACCOUNT_YEARS} years`);
    expect(text).toContain(`From ${INACTIVITY_NOTICE_DAYS} days before, signing in shows a notice`);
    expect(text).toContain('signing in, or any use, keeps it');
    expect([RECORD_RETENTION_YEARS, UNUSED_ACCOUNT_YEARS, INACTIVITY_NOTICE_DAYS]).toEqual([7, 2, 30]);
  });
});
