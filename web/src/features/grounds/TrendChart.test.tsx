import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CullChart } from './CullChart';
import { TrendChart } from './TrendChart';

const seasons = (...values: Array<number | null>) =>
  values.map((value, index) => ({ season: `${2017 + index}/${18 + index}`, value }));

describe('a trend chart', () => {
  it('bridges a season with no figure with a dashed line, and writes the first and last figures', () => {
    const { container } = render(
      <TrendChart title="Count, deer" points={seasons(10, null, 14)} direction="rising" digits={0} />,
    );
    expect(
      screen.getByRole('img', { name: 'Count, deer: 2017/18 10, 2018/19 none, 2019/20 14. Rising.' }),
    ).toBeInTheDocument();
    const lines = [...container.querySelectorAll('.trend-chart__line')];
    expect(lines.map((line) => line.classList.contains('trend-chart__line--gap'))).toEqual([true]);
    expect([...container.querySelectorAll('.trend-chart__value')].map((text) => text.textContent)).toEqual([
      '10',
      '14',
    ]);
    // Zero stands at the foot: the higher figure is drawn higher.
    const [low, high] = [...container.querySelectorAll('circle')].map((point) =>
      Number(point.getAttribute('cy')),
    );
    expect(high).toBeLessThan(low!);
  });

  it('names every other season past six, always the latest', () => {
    const { container } = render(
      <TrendChart
        title="Count, deer"
        points={seasons(1, 2, 3, 4, 5, 6, 7, 8)}
        direction="rising"
        digits={0}
      />,
    );
    expect([...container.querySelectorAll('.trend-chart__season')].map((text) => text.textContent)).toEqual([
      '18/19',
      '20/21',
      '22/23',
      '24/25',
    ]);
  });

  it('says so in words when there is nothing to draw', () => {
    render(<TrendChart title="Count, deer" points={seasons(null, null)} direction="too_few" digits={0} />);
    expect(screen.getByText('No figures yet.')).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });
});

describe('the culls by sex', () => {
  it('stack each season’s females, males and those of unknown sex, and read them out', () => {
    const { container } = render(
      <CullChart
        points={[
          { season: '2025/26', cull: { Male: 2, Female: 3, Unknown: 0 } },
          { season: '2026/27', cull: { Male: 0, Female: 0, Unknown: 1 } },
        ]}
      />,
    );
    expect(
      screen.getByRole('img', {
        name: 'Culled, by sex: 2025/26 3 female, 2 male; 2026/27 1 sex unknown.',
      }),
    ).toBeInTheDocument();
    const heights = [...container.querySelectorAll('rect')].map((bar) => [
      bar.getAttribute('class'),
      Number(bar.getAttribute('height')),
    ]);
    // The tallest season (5) fills the plot's 72 units: 14.4 a deer.
    expect(heights).toEqual([
      ['cull-chart__female', 43.2],
      ['cull-chart__male', 28.8],
      ['cull-chart__unknown', 14.4],
    ]);
  });
});
