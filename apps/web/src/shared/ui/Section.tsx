import { useId, type ReactNode } from 'react';
import classes from './sections.module.css';

export interface SectionProps {
  title: string;
  description?: ReactNode;
  /** Links or buttons beside the heading. */
  actions?: ReactNode;
  children: ReactNode;
  /** Heading level (2 by default). */
  order?: 2 | 3;
}

/** A titled card that is a landmark region named by its heading. */
export function Section({ title, description, actions, children, order = 2 }: SectionProps) {
  const headingId = useId();
  const Heading = order === 2 ? 'h2' : 'h3';
  return (
    <section className={classes.card} aria-labelledby={headingId}>
      <div className={classes.header}>
        <div className={classes.heading}>
          <Heading className={classes.title} id={headingId}>
            {title}
          </Heading>
          {description && <p className={classes.description}>{description}</p>}
        </div>
        {actions}
      </div>
      {children}
    </section>
  );
}
