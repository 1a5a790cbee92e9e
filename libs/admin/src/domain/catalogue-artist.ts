import { catalogueArtist } from '#pie/listening';
import type { EntityManager } from '#pie/platform';
import { notFound } from './admin.errors.js';

/** The catalogue's artist an admin acts on (404 when there is none). */
export async function catalogueArtistOrThrow(em: EntityManager, artistId: string) {
  const artist = await catalogueArtist(em, artistId);
  if (!artist) throw notFound('artist');
  return artist;
}
