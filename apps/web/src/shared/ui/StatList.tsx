import { VisuallyHidden } from '@mantine/core';
import type { CSSProperties, ReactNode } from 'react';
import loadState from './load-state.module.css';
import classes from './sections.module.css';

export interface Stat {
  label: string;
  value: ReactNode;
  hint?: ReactNode;
}

/** Figures as a description list: each label (dt) with its value (dd). */
export function StatList({ stats, cols = 3 }: { stats: readonly Stat[]; cols?: number }) {
  return (
    <dl className={classes.stats} style={{ '--stat-cols': cols } as CSSProperties}>
      {stats.map((stat) => (
        <div key={stat.label} className={classes.stat}>
          <dt className={classes.statLabel}>{stat.label}</dt>
          <dd className={classes.statValue}>{stat.value}</dd>
          {stat.hint && <dd className={classes.statHint}>{stat.hint}</dd>}
        </div>
      ))}
    </dl>
  );
}

/**
 * Figures on their way, in their own shape: the labels (known before the data) over bones the
 * height of a value, so the sections below don't move when the figures arrive.
 */
export function StatListPlaceholder({ labels, cols = 3, label }: { labels: readonly string[]; cols?: number; label: string }) {
  return (
    <div role="status" aria-live="polite">
      <VisuallyHidden>{label}</VisuallyHidden>
      <StatList cols={cols} stats={labels.map((statLabel) => ({ label: statLabel, value: <span className={loadState.valueBone} aria-hidden="true" /> }))} />
    </div>
  );
}
