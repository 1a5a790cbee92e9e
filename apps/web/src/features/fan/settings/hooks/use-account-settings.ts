import type { SocialProvider } from '#pie/contracts';
import { useEffect, useRef } from 'react';
import { useDispatch } from 'react-redux';
import { useNavigate } from 'react-router';
import { baseApi } from '../../../../shared/api';
import { browserLocation } from '../../../../shared/browser';
import { redirectConsumed, sessionCleared } from '../../../../shared/session';
import {
  useDeleteAccountMutation,
  useDisconnectAccountMutation,
  useLinkAccountMutation,
} from '../api/settings.api';

/** Link, disconnect and delete, as the settings screen needs them. */
export function useAccountSettings() {
  const [link] = useLinkAccountMutation();
  const [disconnectCall] = useDisconnectAccountMutation();
  const [deleteCall] = useDeleteAccountMutation();
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const deleted = useRef(false);

  // Once the deleted account's screen is gone (its guard no longer subscribed,
  // so nothing refetches), forget every cached answer about it.
  useEffect(
    () => () => {
      if (deleted.current) dispatch(baseApi.util.resetApiState());
    },
    [dispatch],
  );

  const connect = async (provider: SocialProvider) => {
    const answer = await link(provider).unwrap();
    const url = answer.data?.url;
    if (!url) throw new Error('The server did not say where to continue');
    // The provider brings the browser back to /settings?linked=<provider> or ?error=<message>.
    browserLocation.assign(url);
  };

  const disconnect = async (provider: SocialProvider) => (await disconnectCall(provider).unwrap()).message;

  const deleteAccount = async () => {
    await deleteCall().unwrap();
    deleted.current = true;
    dispatch(sessionCleared());
    dispatch(redirectConsumed());
    await navigate('/', { replace: true, state: { accountDeleted: true } });
  };

  return { connect, disconnect, deleteAccount };
}
