import { z } from 'zod';

/** The platforms whose pages the sandbox serves; named as the app names them (X is "twitter"). */
export const SOCIAL_PLATFORMS = ['twitter', 'youtube', 'facebook', 'instagram'] as const;
export type SocialPlatform = (typeof SOCIAL_PLATFORMS)[number];

export const HANDLE_PATTERNS: Record<SocialPlatform, RegExp> = {
  twitter: /^[a-z0-9_]{1,15}$/,
  youtube: /^[a-z0-9_.-]{3,30}$/,
  facebook: /^[a-z0-9.]{5,50}$/,
  instagram: /^[a-z0-9_.]{1,30}$/,
};
export const SPOTIFY_ARTIST_ID = /^[A-Za-z0-9]{1,64}$/;

export interface ArtistProfile {
  name: string | null;
  bio: string;
  /** The handle each platform's link points at (null: no link). */
  links: Record<SocialPlatform, string | null>;
}

export interface SocialPage {
  bio: string;
  /**
   * Who owns the page, for sign-in verification: X pages belong to the X account with this username
   * (the handle itself); YouTube channels to a Google account (`sub`); Facebook pages and Instagram
   * accounts to a Facebook account (its id).
   */
  ownerAccountId: string | null;
}

/** Default handles for a provider artist: derived from its id, so they are stable across restarts. */
export function defaultHandles(spotifyId: string): Record<SocialPlatform, string> {
  const stem = spotifyId.slice(0, 10).toLowerCase();
  return { twitter: `pie_${stem}`, youtube: `pie_${stem}`, facebook: `pie.${stem}`, instagram: `pie_${stem}` };
}

const handle = (platform: SocialPlatform) => z.string().transform((value) => value.replace(/^@/, '').toLowerCase()).pipe(z.string().regex(HANDLE_PATTERNS[platform], `not a valid ${platform} handle`));

/** `POST /socials/__admin/artists/:spotifyId`. */
export const ArtistUpdate = z.strictObject({
  name: z.string().trim().min(1).max(200).optional(),
  bio: z.string().max(5000).optional(),
  links: z
    .strictObject(Object.fromEntries(SOCIAL_PLATFORMS.map((platform) => [platform, handle(platform).nullable().optional()])) as Record<SocialPlatform, z.ZodOptional<z.ZodNullable<ReturnType<typeof handle>>>>)
    .optional(),
});

/** `POST /socials/__admin/pages/:platform/:handle`. */
export const PageUpdate = z.strictObject({
  bio: z.string().max(5000).optional(),
  ownerAccountId: z.string().regex(/^[A-Za-z0-9_.-]{1,64}$/).nullable().optional(),
});

/** Artist profiles and social pages, kept in memory for the sandbox's lifetime. */
export class ArtistSocialsStore {
  private readonly artists = new Map<string, ArtistProfile>();
  private readonly pages = new Map<string, SocialPage>();

  artist(spotifyId: string): ArtistProfile {
    let profile = this.artists.get(spotifyId);
    if (!profile) {
      profile = { name: null, bio: '', links: defaultHandles(spotifyId) };
      this.artists.set(spotifyId, profile);
    }
    return profile;
  }

  updateArtist(spotifyId: string, update: z.output<typeof ArtistUpdate>): ArtistProfile {
    const profile = this.artist(spotifyId);
    if (update.name !== undefined) profile.name = update.name;
    if (update.bio !== undefined) profile.bio = update.bio;
    for (const platform of SOCIAL_PLATFORMS) {
      const value = update.links?.[platform];
      if (value !== undefined) profile.links[platform] = value;
    }
    return profile;
  }

  page(platform: SocialPlatform, handle: string): SocialPage {
    const key = `${platform}:${handle}`;
    let page = this.pages.get(key);
    if (!page) {
      page = { bio: '', ownerAccountId: platform === 'twitter' ? handle : null };
      this.pages.set(key, page);
    }
    return page;
  }

  updatePage(platform: SocialPlatform, handle: string, update: z.output<typeof PageUpdate>): SocialPage {
    const page = this.page(platform, handle);
    if (update.bio !== undefined) page.bio = update.bio;
    if (update.ownerAccountId !== undefined) page.ownerAccountId = update.ownerAccountId;
    return page;
  }

  /** The handles on a platform owned by an account (YouTube: a Google sub; Facebook, Instagram: a Facebook id). */
  ownedBy(platform: SocialPlatform, accountId: string): string[] {
    const owned: string[] = [];
    for (const [key, page] of this.pages) {
      const [pagePlatform, pageHandle] = key.split(':');
      if (pagePlatform === platform && page.ownerAccountId === accountId) owned.push(pageHandle);
    }
    return owned.sort();
  }
}
