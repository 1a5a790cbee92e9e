import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { AcceptInvitationHandler } from './commands/accept-invitation/accept-invitation.handler.js';
import { AssignArtistsHandler } from './commands/assign-artists/assign-artists.handler.js';
import { ChangeMemberRoleHandler } from './commands/change-member-role/change-member-role.handler.js';
import { CreateOfficeHandler } from './commands/create-office/create-office.handler.js';
import { DeleteOfficeHandler } from './commands/delete-office/delete-office.handler.js';
import { InviteMemberHandler } from './commands/invite-member/invite-member.handler.js';
import { RemoveMemberHandler } from './commands/remove-member/remove-member.handler.js';
import { ResendInvitationHandler } from './commands/resend-invitation/resend-invitation.handler.js';
import { UnassignArtistHandler } from './commands/unassign-artist/unassign-artist.handler.js';
import { UpdateOfficeHandler } from './commands/update-office/update-office.handler.js';
import { OfficesController } from './http/offices.controller.js';
import { GetMemberTokenHandler } from './queries/get-member-token/get-member-token.handler.js';
import { ListMemberArtistsHandler } from './queries/list-member-artists/list-member-artists.handler.js';
import { ListMembersHandler } from './queries/list-members/list-members.handler.js';
import { ListOfficesHandler } from './queries/list-offices/list-offices.handler.js';
import { ValidateInvitationHandler } from './queries/validate-invitation/validate-invitation.handler.js';

/** HTTP side of offices, imported by apps/api. */
@Module({
  imports: [CqrsModule],
  controllers: [OfficesController],
  providers: [
    CreateOfficeHandler,
    UpdateOfficeHandler,
    DeleteOfficeHandler,
    InviteMemberHandler,
    ResendInvitationHandler,
    AcceptInvitationHandler,
    RemoveMemberHandler,
    ChangeMemberRoleHandler,
    AssignArtistsHandler,
    UnassignArtistHandler,
    ListOfficesHandler,
    ListMembersHandler,
    ValidateInvitationHandler,
    GetMemberTokenHandler,
    ListMemberArtistsHandler,
  ],
})
export class OfficesHttpModule {}
