import { MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DailyMoneyChart, DailyMoneyChartPlaceholder } from './MoneyCharts';

describe('the daily money chart', () => {
  it('keeps, while it loads, the very shape the chart then takes (no layout shift when the figures arrive)', () => {
    const series = Array.from({ length: 30 }, (_, day) => ({ day: `2026-11-${String(day + 1).padStart(2, '0')}`, paidInCents: 1000 + day, givenToArtistsCents: 800 }));
    const loading = render(
      <MantineProvider>
        <DailyMoneyChartPlaceholder days={30} label="Loading the chart…" />
      </MantineProvider>,
    );
    const box = loading.container.querySelector<HTMLElement>('[style*="aspect-ratio"]')!;
    expect(loading.getByText('Loading the chart…')).toBeTruthy();

    const chart = render(<DailyMoneyChart series={series} />);
    const [, , width, height] = chart.container.querySelector('svg')!.getAttribute('viewBox')!.split(' ');
    expect(box.style.aspectRatio).toBe(`${width} / ${height}`);
  });
});
