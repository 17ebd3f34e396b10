import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { cullWarnings } from '@cull-log/domain';
import { describe, expect, it } from 'vitest';
import { WarningList } from './WarningList';

const buck = {
  species: 'Roe Deer',
  sex: 'Male',
  date: '2026-12-01',
  time: '23:30',
  latitude: 52.5,
  longitude: -1.5,
};

describe('the warnings on a record', () => {
  it('says each in one line, with the law behind a closed "Why"', () => {
    const warnings = cullWarnings(buck);
    const { container } = render(<WarningList warnings={warnings} record={buck} heading="Warnings" />);
    const items = screen.getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent(/^Close season for roe bucks: 1 Nov – 31 Mar/);
    expect(items[1]).toHaveTextContent(/^Shot at night: deer may be shot \d\d:\d\d – \d\d:\d\d that day/);
    const disclosures = [...container.querySelectorAll('details')];
    expect(disclosures).toHaveLength(2);
    for (const details of disclosures) expect(details).not.toHaveAttribute('open');
  });

  it('opens the law and its exceptions on a tap, each "Why" in the keyboard order and named by its warning', async () => {
    const user = userEvent.setup();
    const warnings = cullWarnings(buck);
    render(<WarningList warnings={warnings} record={buck} heading="Warnings" />);
    const closeSeasonWhy = screen.getByText(
      (_, element) =>
        element?.tagName === 'SUMMARY' &&
        element.textContent?.replaceAll('\u00a0', ' ') === 'Why: Close season for roe bucks: 1 Nov – 31 Mar',
    );
    await user.tab();
    expect(closeSeasonWhy).toHaveFocus();
    await user.click(closeSeasonWhy);
    const details = closeSeasonWhy.closest('details')!;
    expect(details).toHaveAttribute('open');
    expect(details).toHaveTextContent('Deer Act 1991, Schedule 1');
    expect(details).toHaveTextContent("the occupier's exemption (section 7)");
  });

  it('names the rule only when it is not told the record', () => {
    render(
      <WarningList
        warnings={[{ code: 'duplicate_tag', message: 'Carcass tag R1 is also on another record.' }]}
        heading="Warnings"
      />,
    );
    expect(screen.getByRole('listitem')).toHaveTextContent(/^Carcass tag used twice this season/);
  });

  it('announces the form’s warnings as they change, and shows nothing without any', () => {
    const { rerender } = render(
      <WarningList warnings={[]} record={buck} heading="Check before you save" live />,
    );
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    rerender(
      <WarningList warnings={cullWarnings(buck)} record={buck} heading="Check before you save" live />,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Close season for roe bucks');
  });
});
