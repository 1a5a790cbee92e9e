import { EmptyTable, PageFrame } from '../../../../shared/ui';

/** /for-artists/team: the members of the office, their roles and artists. */
export function TeamPage() {
  return (
    <PageFrame
      title="Team"
      site="Pie for artists"
      description="The people who manage your artists with you, and what each can do."
    >
      <EmptyTable
        caption="Team members"
        columns={['Member', 'E-mail', 'Role', 'Artists']}
        emptyTitle="No team members yet"
        emptyText="Your team forms around your first verified claim. Office admins can then invite members by e-mail and choose which artists each one manages."
      />
    </PageFrame>
  );
}
