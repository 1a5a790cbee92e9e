import { useState } from 'react';
import { errorMessage } from '@web/shared/api';
import { browserLocation } from '@web/shared/browser';
import { useLinkSpotifyMutation } from '../api/listening-settings.api';

/**
 * 'Connect Spotify': POST /api/auth/link-spotify names the provider's consent page; the browser
 * goes there and comes back to /settings.
 */
export function useConnectSpotify() {
  const [link] = useLinkSpotifyMutation();
  const [connecting, setConnecting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const connect = async () => {
    setConnecting(true);
    setError(null);
    try {
      const answer = await link().unwrap();
      const url = answer.data?.url;
      if (!url) throw new Error('The server did not say where to continue');
      // Leaving for the provider: the button stays busy.
      browserLocation.assign(url);
    } catch (failure) {
      setError(errorMessage(failure, 'Could not start connecting Spotify. Please try again.'));
      setConnecting(false);
    }
  };

  return { connect, connecting, error };
}
