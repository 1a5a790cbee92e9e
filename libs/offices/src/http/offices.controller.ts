import { Controller, Delete, Get, HttpCode, Inject, Patch, Post, UseGuards } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  AcceptInvitationRequest,
  ArtistAreaIdParam,
  AssignArtistsRequest,
  ChangeRoleRequest,
  CreateOfficeRequest,
  InvitationToken,
  InviteMemberRequest,
  MemberEmailBody,
  MemberEmailParam,
  MemberEmailQuery,
  RenameOfficeRequest,
  UpdateOfficeRequest,
  ValidateInvitationQuery,
} from '#pie/contracts';
// Parameter types under other names: decorator metadata must not point at the zod schemas (OpenAPI reads it).
import type {
  AcceptInvitationRequest as AcceptInvitationBody,
  AssignArtistsRequest as AssignArtistsBody,
  ChangeRoleRequest as ChangeRoleBody,
  CreateOfficeRequest as CreateOfficeBody,
  InviteMemberRequest as InviteMemberBody,
  RenameOfficeRequest as RenameOfficeBody,
  UpdateOfficeRequest as UpdateOfficeBody,
} from '#pie/contracts';
import { ArtistSessionGuard, CurrentSubject, type SessionPrincipal } from '#pie/identity';
import { ok, RateLimitGuard, ZodBody, ZodQuery, ZodParam } from '#pie/platform';
import { INVITATION_SENDER_LIMIT } from '../domain/invitation-limits.js';
import { AcceptInvitation } from '../commands/accept-invitation/accept-invitation.command.js';
import { AssignArtists } from '../commands/assign-artists/assign-artists.command.js';
import { ChangeMemberRole } from '../commands/change-member-role/change-member-role.command.js';
import { CreateOffice } from '../commands/create-office/create-office.command.js';
import { DeleteOffice } from '../commands/delete-office/delete-office.command.js';
import { InviteMember } from '../commands/invite-member/invite-member.command.js';
import { RemoveMember } from '../commands/remove-member/remove-member.command.js';
import { ResendInvitation } from '../commands/resend-invitation/resend-invitation.command.js';
import { UnassignArtist } from '../commands/unassign-artist/unassign-artist.command.js';
import { UpdateOffice } from '../commands/update-office/update-office.command.js';
import { GetMemberToken } from '../queries/get-member-token/get-member-token.query.js';
import { ListMemberArtists } from '../queries/list-member-artists/list-member-artists.query.js';
import { ListMembers } from '../queries/list-members/list-members.query.js';
import { ListOffices } from '../queries/list-offices/list-offices.query.js';
import { ValidateInvitation } from '../queries/validate-invitation/validate-invitation.query.js';

const id = ArtistAreaIdParam;

/**
 * Offices, members, invitations and member-artist assignments (`/api/for-artists/offices/*`, spec §7).
 * Every office id is checked against the caller: a foreign office is a 404, a member asking for an
 * admin's action a 403.
 */
@Controller('api/for-artists')
export class OfficesController {
  constructor(
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(QueryBus) private readonly queries: QueryBus,
  ) {}

  @Get('offices')
  @UseGuards(ArtistSessionGuard)
  async list(@CurrentSubject() me: SessionPrincipal) {
    return ok(await this.queries.execute(new ListOffices(me.subjectId)));
  }

  @Post('offices')
  @HttpCode(201)
  @UseGuards(ArtistSessionGuard)
  async create(@CurrentSubject() me: SessionPrincipal, @ZodBody(CreateOfficeRequest) body: CreateOfficeBody) {
    return ok(await this.commands.execute(new CreateOffice(me.subjectId, body)), 'Office created');
  }

  @Patch('offices/:officeId')
  @UseGuards(ArtistSessionGuard)
  async update(@CurrentSubject() me: SessionPrincipal, @ZodParam('officeId', id) officeId: string, @ZodBody(UpdateOfficeRequest) body: UpdateOfficeBody) {
    return ok(await this.commands.execute(new UpdateOffice(me.subjectId, officeId, body)), 'Office updated');
  }

  /** Refused (409) while the office is an artist's payee; its open claims are cancelled (claims answers, `OfficeClosing`). */
  @Delete('offices/:officeId')
  @UseGuards(ArtistSessionGuard)
  async delete(@CurrentSubject() me: SessionPrincipal, @ZodParam('officeId', id) officeId: string) {
    await this.commands.execute(new DeleteOffice(me.subjectId, officeId));
    return ok(undefined, 'Office deleted');
  }

  @Patch('office/name')
  @UseGuards(ArtistSessionGuard)
  async rename(@CurrentSubject() me: SessionPrincipal, @ZodBody(RenameOfficeRequest) body: RenameOfficeBody) {
    return ok(await this.commands.execute(new UpdateOffice(me.subjectId, body.officeId, { name: body.office })), 'Office renamed');
  }

  @Get('offices/:officeId/members')
  @UseGuards(ArtistSessionGuard)
  async members(@CurrentSubject() me: SessionPrincipal, @ZodParam('officeId', id) officeId: string) {
    return ok(await this.queries.execute(new ListMembers(me.subjectId, officeId)));
  }

  @Post('offices/:officeId/members')
  @HttpCode(201)
  @UseGuards(ArtistSessionGuard, RateLimitGuard)
  @INVITATION_SENDER_LIMIT
  async invite(@CurrentSubject() me: SessionPrincipal, @ZodParam('officeId', id) officeId: string, @ZodBody(InviteMemberRequest) body: InviteMemberBody) {
    return ok(await this.commands.execute(new InviteMember(me.subjectId, officeId, body.email, body.role)), 'Invitation sent');
  }

  @Delete('offices/:officeId/members/:email')
  @UseGuards(ArtistSessionGuard)
  async remove(@CurrentSubject() me: SessionPrincipal, @ZodParam('officeId', id) officeId: string, @ZodParam('email', MemberEmailParam) email: string) {
    return ok(await this.commands.execute(new RemoveMember(me.subjectId, officeId, email)), 'Member removed');
  }

  @Get('offices/:officeId/validate-invitation')
  async validateInvitation(@ZodParam('officeId', id) officeId: string, @ZodQuery(ValidateInvitationQuery) query: { token: string }) {
    return ok(await this.queries.execute(new ValidateInvitation(officeId, query.token)));
  }

  @Post('offices/accept-invitation/:token')
  @UseGuards(ArtistSessionGuard)
  @HttpCode(200)
  async accept(
    @CurrentSubject() me: SessionPrincipal,
    @ZodParam('token', InvitationToken) token: string,
    @ZodBody(AcceptInvitationRequest) body: AcceptInvitationBody,
  ) {
    return ok(await this.commands.execute(new AcceptInvitation(me.subjectId, body.officeId, token)), 'Welcome to the office');
  }

  @Get('offices/:officeId/member-token')
  @UseGuards(ArtistSessionGuard)
  async memberToken(@CurrentSubject() me: SessionPrincipal, @ZodParam('officeId', id) officeId: string, @ZodQuery(MemberEmailQuery) query: { email: string }) {
    return ok(await this.queries.execute(new GetMemberToken(me.subjectId, officeId, query.email)));
  }

  @Post('offices/:officeId/resend-invitation')
  @HttpCode(200)
  @UseGuards(ArtistSessionGuard, RateLimitGuard)
  @INVITATION_SENDER_LIMIT
  async resend(@CurrentSubject() me: SessionPrincipal, @ZodParam('officeId', id) officeId: string, @ZodBody(MemberEmailBody) body: { email: string }) {
    return ok(await this.commands.execute(new ResendInvitation(me.subjectId, officeId, body.email)), 'Invitation sent again');
  }

  @Patch('offices/:officeId/members/:userId/role')
  @UseGuards(ArtistSessionGuard)
  async changeRole(
    @CurrentSubject() me: SessionPrincipal,
    @ZodParam('officeId', id) officeId: string,
    @ZodParam('userId', id) memberId: string,
    @ZodBody(ChangeRoleRequest) body: ChangeRoleBody,
  ) {
    return ok(await this.commands.execute(new ChangeMemberRole(me.subjectId, officeId, memberId, body.role)), 'Role changed');
  }

  @Get('offices/:officeId/members/:memberId/artists')
  @UseGuards(ArtistSessionGuard)
  async memberArtists(@CurrentSubject() me: SessionPrincipal, @ZodParam('officeId', id) officeId: string, @ZodParam('memberId', id) memberId: string) {
    return ok(await this.queries.execute(new ListMemberArtists(me.subjectId, officeId, memberId)));
  }

  @Post('offices/:officeId/members/:memberId/artists')
  @HttpCode(200)
  @UseGuards(ArtistSessionGuard)
  async assign(
    @CurrentSubject() me: SessionPrincipal,
    @ZodParam('officeId', id) officeId: string,
    @ZodParam('memberId', id) memberId: string,
    @ZodBody(AssignArtistsRequest) body: AssignArtistsBody,
  ) {
    return ok(await this.commands.execute(new AssignArtists(me.subjectId, officeId, memberId, body.artistIds)), 'Artists assigned');
  }

  @Delete('offices/:officeId/members/:memberId/artists/:artistId')
  @UseGuards(ArtistSessionGuard)
  async unassign(
    @CurrentSubject() me: SessionPrincipal,
    @ZodParam('officeId', id) officeId: string,
    @ZodParam('memberId', id) memberId: string,
    @ZodParam('artistId', id) artistId: string,
  ) {
    return ok(await this.commands.execute(new UnassignArtist(me.subjectId, officeId, memberId, artistId)), 'Artist unassigned');
  }
}
