import { EmptyState, PageFrame } from '../../../../shared/ui';

/** /for-artists/give-back: artists giving part of what they receive back to their fans. */
export function GiveBackPage() {
  return (
    <PageFrame
      title="Give back"
      site="Pie for artists"
      description="Thank the fans who fund you by giving part of what you receive back to them."
    >
      <EmptyState title="Nothing to give back yet">
        Once your artists receive money from fans, you can give part of it back from here.
      </EmptyState>
    </PageFrame>
  );
}
