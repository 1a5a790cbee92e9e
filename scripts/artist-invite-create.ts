/**
 * `npm run artist-invite:create -- <artistId>`: makes an invite for a catalogue artist and prints
 * its link once (only a hash is stored). Whoever redeems it gets the artist claimed (in an office of theirs or a new one)
 * and verified, so send it only to the artist's own contact. Until the admin back office generates
 * invites, this is how they are made. Uses DATABASE_URL, or the embedded database of `npm start`.
 */
import { createArtistInvite } from '#pie/claims/testing';
import { artistFacts } from '#pie/listening';
import { withScriptOrm } from './script-database.ts';

const artistId = process.argv[2];
if (!artistId || !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(artistId)) {
  console.error('Usage: npm run artist-invite:create -- <artistId>   (the artist’s Pie id, a UUID)');
  process.exit(2);
}

const publicUrl = process.env.PUBLIC_URL ?? `http://localhost:${process.env.PORT ?? 3000}`;
const code = await withScriptOrm(async (orm) => {
  const em = orm.em.fork();
  const [artist] = await artistFacts(em, [artistId]);
  if (!artist) {
    console.error(`No artist with id ${artistId}`);
    return 1;
  }
  const invite = await em.transactional((tx) => createArtistInvite(tx, artist.id));
  console.log(`Invite for ${artist.name} (expires ${invite.expiresAt.toISOString()}):`);
  console.log(new URL(`/artist-invite/${invite.token}`, publicUrl).toString());
  return 0;
});
process.exit(code);
