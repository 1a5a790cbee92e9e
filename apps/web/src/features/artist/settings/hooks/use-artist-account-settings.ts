import { useEffect, useRef } from 'react';
import { useDispatch } from 'react-redux';
import { useNavigate } from 'react-router';
import { artistBaseApi } from '@web/shared/api';
import { browserLocation } from '@web/shared/browser';
import { artistRedirectConsumed, artistSessionCleared } from '@web/shared/session';
import {
  useArtistDeleteAccountMutation,
  useArtistDisconnectGoogleMutation,
  useArtistLinkGoogleMutation,
} from '../api/artist-settings.api';

/** Google linking and account deletion for the artist settings screen. */
export function useArtistAccountSettings() {
  const [link] = useArtistLinkGoogleMutation();
  const [disconnectCall] = useArtistDisconnectGoogleMutation();
  const [deleteCall] = useArtistDeleteAccountMutation();
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const deleted = useRef(false);

  // Once the deleted account's screen is gone (its guard no longer subscribed,
  // so nothing refetches), forget every cached answer about it.
  useEffect(
    () => () => {
      if (deleted.current) dispatch(artistBaseApi.util.resetApiState());
    },
    [dispatch],
  );

  const connect = async () => {
    const url = (await link().unwrap()).data?.url;
    if (!url) throw new Error('The server did not say where to continue');
    browserLocation.assign(url);
  };

  const disconnect = async () => (await disconnectCall().unwrap()).message;

  const deleteAccount = async () => {
    await deleteCall().unwrap();
    deleted.current = true;
    dispatch(artistSessionCleared());
    dispatch(artistRedirectConsumed());
    await navigate('/for-artists', { replace: true, state: { accountDeleted: true } });
  };

  return { connect, disconnect, deleteAccount };
}
