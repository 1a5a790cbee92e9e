import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AfterFirstAnswers } from './LoadState';

const pending = { data: undefined, isError: false };
const answered = { data: { figures: 1 }, isError: false };
const failed = { data: undefined, isError: true };
const skipped = { data: undefined, isError: false, isUninitialized: true };

function show(queries: Parameters<typeof AfterFirstAnswers>[0]['queries']) {
  render(
    <MantineProvider>
      <AfterFirstAnswers queries={queries} label="Loading your funds…">
        <h2>Balances</h2>
        <h2>Payouts</h2>
      </AfterFirstAnswers>
    </MantineProvider>,
  );
}

describe('AfterFirstAnswers', () => {
  it('holds every section back, saying so, while one read has not answered', () => {
    show([answered, pending]);
    expect(screen.getByRole('status').textContent).toContain('Loading your funds…');
    expect(screen.queryByRole('heading')).toBeNull();
  });

  it('draws them together once each read has data, an error (the section says so) or was skipped', () => {
    show([answered, failed, skipped]);
    expect(screen.getAllByRole('heading').map((heading) => heading.textContent)).toEqual(['Balances', 'Payouts']);
    expect(screen.queryByRole('status')).toBeNull();
  });
});
