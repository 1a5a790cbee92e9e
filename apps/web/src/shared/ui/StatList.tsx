import type { CSSProperties, ReactNode } from 'react';
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
