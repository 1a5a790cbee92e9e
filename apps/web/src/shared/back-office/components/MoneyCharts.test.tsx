import { MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DASHBOARD_MONEY_DAYS } from '#pie/contracts';
import { DailyMoneyChart, DailyMoneyChartPlaceholder } from './MoneyCharts';

describe('the daily money chart', () => {
  it('keeps, while it loads, the very shape the chart then takes (no layout shift when the figures arrive)', () => {
    // A full dashboard period: a day with money on every one of its days.
    const series = Array.from({ length: DASHBOARD_MONEY_DAYS }, (_, day) => ({ day: new Date(Date.UTC(2026, 10, 1 + day)).toISOString().slice(0, 10), paidInCents: 1000 + day, givenToArtistsCents: 800 }));
    const loading = render(
      <MantineProvider>
        <DailyMoneyChartPlaceholder days={DASHBOARD_MONEY_DAYS} label="Loading the chart…" />
      </MantineProvider>,
    );
    const box = loading.container.querySelector<HTMLElement>('[style*="aspect-ratio"]')!;
    expect(loading.getByText('Loading the chart…')).toBeTruthy();

    const chart = render(<DailyMoneyChart series={series} />);
    const [, , width, height] = chart.container.querySelector('svg')!.getAttribute('viewBox')!.split(' ');
    expect(box.style.aspectRatio).toBe(`${width} / ${height}`);
  });
});
