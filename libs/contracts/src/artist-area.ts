import { z } from 'zod';
import {
  CLAIM_MESSAGES,
  SOCIAL_PLATFORMS,
  type SocialPlatform,
  VERIFICATION_METHODS,
  type VerificationMethod,
  type ClaimStatus,
  OFFICE_TYPES,
  type OfficeType,
  OFFICE_ROLES,
  type OfficeRole,
} from './artist-area-values.js';
import { queryInt } from './fields.js';

/*
 * The artist area (spec §2–§7): claims, the claim wizard, verification, offices, members,
 * invitations, claimed artists and artist invites. Every body and query is strict: an unknown or
 * malformed field is a 400 naming it.
 */

/** Ids in paths: ours are UUIDs. */
export const ArtistAreaIdParam = z.uuid({ error: 'must be a valid id' });



/** `GET /api/for-artists/search` (search_term, page, limit = 6). */
export const ArtistSearchQuery = z.strictObject({
  search_term: z.string({ error: 'search_term must be text' }).trim().max(100, 'search_term must be at most 100 characters').optional().default(''),
  page: queryInt('page', 1, 100_000).default(1),
  limit: queryInt('limit', 1, 50).default(6),
});
export type ArtistSearchQuery = z.infer<typeof ArtistSearchQuery>;

export interface ArtistSearchItem {
  _id: string;
  name: string;
  image_url: string | null;
  spotify_id: string | null;
  /** Some office holds a successful claim on this artist. */
  claimed: boolean;
  /** One of the caller's offices has an open or successful claim on it. */
  claimed_by_you: boolean;
}

const verificationString = z.string({ error: CLAIM_MESSAGES.verificationString }).trim().min(1, CLAIM_MESSAGES.verificationString).max(64, 'Verification string is too long');
const accepted = (message: string) => z.literal(true, { error: message });

/** `POST /api/for-artists/claims`: the claim flow's fields (spec §3). */
export const CreateClaimRequest = z.strictObject({
  selectedArtist: z.uuid({ error: CLAIM_MESSAGES.selectArtist }),
  selectedArtistData: z.unknown().optional(),
  agreesToWaiver: accepted(CLAIM_MESSAGES.waiver),
  agreesToFundsTerms: accepted(CLAIM_MESSAGES.fundsTerms),
  agreesToTerms: accepted(CLAIM_MESSAGES.terms),
  verificationMethod: z.enum(VERIFICATION_METHODS, { error: CLAIM_MESSAGES.method }),
  selectedPlatform: z.enum(SOCIAL_PLATFORMS, { error: CLAIM_MESSAGES.platform }),
  verificationString,
  /** The office making the claim; left out: the caller's only office where they are admin (one is created when they have none). */
  officeId: z.uuid({ error: 'officeId must be a valid id' }).optional(),
});
export type CreateClaimRequest = z.infer<typeof CreateClaimRequest>;

/** `POST /api/for-artists/artist/socials/fetch`: step 2 asks for the artist's links and the claim's string. */
export const FetchSocialsRequest = z.strictObject({
  artistId: z.uuid({ error: CLAIM_MESSAGES.selectArtist }),
  officeId: z.uuid({ error: 'officeId must be a valid id' }).optional(),
});
export type FetchSocialsRequest = z.infer<typeof FetchSocialsRequest>;

export interface ArtistSocials {
  artistId: string;
  spotifyArtistUrl: string | null;
  /**
   * Where the links below come from: the artist's Spotify profile, else (an artist known only from
   * scrobbles) the links MusicBrainz lists for their MBID; null: neither is known, nothing can be checked.
   */
  linksFrom: { kind: 'spotify' | 'musicbrainz'; url: string } | null;
  /** The links on the artist's Spotify profile or MusicBrainz entry, by platform (null: none found). */
  links: Record<SocialPlatform, string | null>;
  /** What to put in the bio: the same for one office and artist, every time. */
  verificationString: string;
}

const link = (label: string) => z.url({ error: `${label} must be a full URL (https://…)` }).max(500, `${label} is too long`).optional();

/**
 * `POST /api/for-artists/claims/:claimId/verify-bio` (spotifyArtistUrl, {product}Link): the Spotify
 * URL is required for an artist with a Spotify profile and refused for one known only from
 * MusicBrainz, whose check needs a linked page instead.
 */
export const VerifyBioRequest = z.strictObject({
  spotifyArtistUrl: z.url({ error: 'spotifyArtistUrl must be the artist’s Spotify URL' }).max(500, 'spotifyArtistUrl is too long').optional(),
  twitterLink: link('twitterLink'),
  youtubeLink: link('youtubeLink'),
  facebookLink: link('facebookLink'),
  instagramLink: link('instagramLink'),
});
export type VerifyBioRequest = z.infer<typeof VerifyBioRequest>;

/** `POST /api/claims/report/:claimedId` (fan): why this claim looks wrong. */
export const ClaimReportRequest = z.strictObject({
  reason: z.string({ error: 'reason is required' }).trim().min(3, 'reason must be at least 3 characters').max(1000, 'reason must be at most 1000 characters'),
});
export type ClaimReportRequest = z.infer<typeof ClaimReportRequest>;

/** `GET /api/claims/artist/:artistId` (public): where an artist stands on Pie, for the artist page. */
export interface ArtistStandingView {
  artistId: string;
  /** An office on Pie has claimed the artist and proved it (a successful claim). */
  claimed: boolean;
  /** That claim: what a fan reports (`POST /api/claims/report/:claimedId`). */
  claimId: string | null;
  claimedSince: string | null;
  /** Fans' money waiting in the artist's escrow, in all, and how many fans it is from (never who). */
  escrowCents: number;
  escrowFans: number;
}
export const ArtistStandingViewSchema = z.object({
  artistId: z.string(),
  claimed: z.boolean(),
  claimId: z.string().nullable(),
  claimedSince: z.string().nullable(),
  escrowCents: z.number().int(),
  escrowFans: z.number().int(),
});

export interface ClaimSummary {
  id: string;
  _id: string;
  status: ClaimStatus;
  officeId: string;
  artist: { _id: string; name: string; image_url: string | null; spotify_id: string | null };
  verificationMethod: VerificationMethod | 'invite' | 'manual';
  selectedPlatform: SocialPlatform | null;
  verificationString: string;
  createdAt: string;
  verifiedAt: string | null;
}

export interface ClaimStatusChange {
  from: ClaimStatus | null;
  to: ClaimStatus;
  by: { kind: 'artist' | 'admin' | 'system'; id: string | null };
  reason: string | null;
  at: string;
}

export interface ClaimDetailed extends ClaimSummary {
  office: { _id: string; name: string };
  history: ClaimStatusChange[];
  /** The last verification attempt's outcome, if any. */
  lastAttempt: { at: string; ok: boolean; message: string } | null;
}

/* Offices */

const officeName = z.string({ error: 'name is required' }).trim().min(1, 'name is required').max(100, 'name must be at most 100 characters');
const officeType = z.enum(OFFICE_TYPES, { error: `type must be one of ${OFFICE_TYPES.join(', ')}` });

/** `POST /api/for-artists/offices` (name, type). */
export const CreateOfficeRequest = z.strictObject({ name: officeName, type: officeType.default('artist') });
export type CreateOfficeRequest = z.infer<typeof CreateOfficeRequest>;

/** `PATCH /api/for-artists/offices/:officeId` (name, type): at least one. */
export const UpdateOfficeRequest = z
  .strictObject({ name: officeName.optional(), type: officeType.optional() })
  .refine((body) => body.name !== undefined || body.type !== undefined, { message: 'Send a name or a type', path: ['name'] });
export type UpdateOfficeRequest = z.infer<typeof UpdateOfficeRequest>;

/** `PATCH /api/for-artists/office/name` (office): renames the caller's office (officeId picks one when they have several). */
export const RenameOfficeRequest = z.strictObject({
  office: z.string({ error: 'office is required' }).trim().min(1, 'office is required').max(100, 'office must be at most 100 characters'),
  officeId: z.uuid({ error: 'officeId must be a valid id' }).optional(),
});
export type RenameOfficeRequest = z.infer<typeof RenameOfficeRequest>;

const email = z.email({ error: 'email must be a valid e-mail address' }).max(254, 'email is too long').transform((value) => value.trim().toLowerCase());
const role = z.enum(OFFICE_ROLES, { error: "role must be 'admin' or 'member'" });

/** `POST /api/for-artists/offices/:officeId/members` (email, role). */
export const InviteMemberRequest = z.strictObject({ email, role: role.default('member') });
export type InviteMemberRequest = z.infer<typeof InviteMemberRequest>;

/** `DELETE …/members/:email` (path), `GET …/member-token` and `POST …/resend-invitation` (email). */
export const MemberEmailParam = email;
export const MemberEmailQuery = z.strictObject({ email });
export const MemberEmailBody = z.strictObject({ email });

/** `PATCH …/members/:userId/role` (role). */
export const ChangeRoleRequest = z.strictObject({ role });
export type ChangeRoleRequest = z.infer<typeof ChangeRoleRequest>;

/** Signed invitation tokens: three dot-separated parts of base64url. */
export const InvitationToken = z.string({ error: 'token is required' }).regex(/^[A-Za-z0-9_-]{16,32}\.[a-z0-9]{1,10}\.[A-Za-z0-9_-]{43}$/, 'This invitation link is not valid');

/** `GET …/validate-invitation` (token). */
export const ValidateInvitationQuery = z.strictObject({ token: InvitationToken });
/** `POST offices/accept-invitation/:token` (officeId). */
export const AcceptInvitationRequest = z.strictObject({ officeId: z.uuid({ error: 'officeId must be a valid id' }) });
export type AcceptInvitationRequest = z.infer<typeof AcceptInvitationRequest>;

/** `POST …/members/:memberId/artists` (artistIds). */
export const AssignArtistsRequest = z.strictObject({
  artistIds: z.array(z.uuid({ error: 'each artist id must be a valid id' }), { error: 'artistIds must be a list of ids' }).min(1, 'artistIds must name at least one artist').max(200, 'artistIds may name at most 200 artists'),
});
export type AssignArtistsRequest = z.infer<typeof AssignArtistsRequest>;

/** `PATCH offices/:officeId/claimed-artists/:artistId` (status Deleted). */
export const UpdateClaimedArtistRequest = z.strictObject({ status: z.literal('Deleted', { error: "status must be 'Deleted'" }) });

export interface OfficeMember {
  user_id: string;
  email: string;
  role: OfficeRole;
  status: 'invited' | 'active';
  first_name: string | null;
  last_name: string | null;
  invited_at: string | null;
  joined_at: string | null;
}

export interface Office {
  _id: string;
  name: string;
  type: OfficeType;
  /** The caller's role in this office. */
  role: OfficeRole;
  members: OfficeMember[];
}

export interface InvitationCheck {
  office: { _id: string; name: string };
  email: string;
  role: OfficeRole;
  expires_at: string;
}

/* Artist invites */

export const ArtistInviteToken = z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'This invite link is not valid');

/**
 * `POST /api/artist-invite/:token/redeem`: where the artist goes. An office the caller administers,
 * or a new office named after the artist; never a silent second office.
 */
export const RedeemArtistInviteRequest = z
  .strictObject({
    officeId: z.uuid({ error: 'officeId must be a valid id' }).optional(),
    newOffice: z.literal(true, { error: 'newOffice must be true when given' }).optional(),
  })
  .refine((body) => (body.officeId === undefined) !== (body.newOffice === undefined), {
    message: 'Say which of your offices the artist goes into (officeId), or ask for a new office (newOffice: true)',
    path: ['officeId'],
  });
export type RedeemArtistInviteRequest = z.infer<typeof RedeemArtistInviteRequest>;

export interface ArtistInviteCheck {
  artist: { _id: string; name: string; image_url: string | null };
  expires_at: string;
}

/** Path segment naming a platform (`/for-artists/verification/<platform>/…`). */
export const SocialPlatformParam = z.enum(SOCIAL_PLATFORMS, { error: `platform must be one of ${SOCIAL_PLATFORMS.join(', ')}` });

/** What a platform sends back to the social verification callback. */
export const SocialCallbackQuery = z.object({
  code: z.string().max(2048).optional(),
  state: z.string().max(256).optional(),
  error: z.string().max(256).optional(),
});
export type SocialCallbackQuery = z.infer<typeof SocialCallbackQuery>;
