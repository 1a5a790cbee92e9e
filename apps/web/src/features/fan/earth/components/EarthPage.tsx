import { EmptyState, PageFrame } from '../../../../shared/ui';

/** /earth: the world view of where the fan's artists come from. */
export function EarthPage() {
  return (
    <PageFrame title="Earth" description="Where in the world the artists you listen to come from.">
      <EmptyState title="No listening to map yet">
        Once your listening is imported, each country lights up with the artists from there that you listen to.
      </EmptyState>
    </PageFrame>
  );
}
