import type { AdminProfile, ArtistUser, FanUser } from '#pie/contracts';
import { useOutletContext } from 'react-router';

/** What the protected fan layout hands its screens: the signed-in fan. */
export interface FanOutletContext {
  user: FanUser;
}

export function useFanUser(): FanUser {
  return useOutletContext<FanOutletContext>().user;
}

/** What the protected artist layout hands its screens: the signed-in artist. */
export interface ArtistOutletContext {
  user: ArtistUser;
}

export function useArtistUser(): ArtistUser {
  return useOutletContext<ArtistOutletContext>().user;
}

/** What the protected admin layout hands its screens: the signed-in admin. */
export interface AdminOutletContext {
  admin: AdminProfile;
}

export function useAdminProfile(): AdminProfile {
  return useOutletContext<AdminOutletContext>().admin;
}
