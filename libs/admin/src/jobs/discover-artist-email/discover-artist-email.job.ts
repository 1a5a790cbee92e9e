import { defineJob } from '#pie/platform';

/** Looks for an artist's contact address on their public pages, step by step (queue `admin`). */
export const DiscoverArtistEmail = defineJob<{ artistId: string }>('admin', 'admin.discover-artist-email');
