import type { SocialProvider } from '#pie/contracts';
import { useEffect, useRef } from 'react';
import { useDispatch } from 'react-redux';
import { useNavigate } from 'react-router';
import { baseApi } from '@web/shared/api';
import { browserLocation } from '@web/shared/browser';
import { redirectConsumed, sessionCleared } from '@web/shared/session';
import {
  useDeleteAccountMutation,
  useDisconnectAccountMutation,
  useLinkAccountMutation,
  useResendOwnVerificationMutation,
  useSendPasswordLinkMutation,
} from '../api/settings.api';
import { getCaptchaToken } from '@web/shared/captcha';

/** Link, disconnect and delete, as the settings screen needs them. */
export function useAccountSettings() {
  const [link] = useLinkAccountMutation();
  const [disconnectCall] = useDisconnectAccountMutation();
  const [deleteCall] = useDeleteAccountMutation();
  const [resendCall] = useResendOwnVerificationMutation();
  const [passwordLinkCall] = useSendPasswordLinkMutation();
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
    // The provider brings the browser back to /settings?linked=<provider> or ?error=<code>.
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

  /** A new verification link to the fan's own address. */
  const resendVerification = async (email: string) =>
    (await resendCall({ email, recaptchaToken: await getCaptchaToken('resend_verification') }).unwrap()).message;

  /** Changing the password goes through a link to the fan's own address (proof they still hold it). */
  const sendPasswordLink = async (email: string) => {
    await passwordLinkCall({ email, recaptchaToken: await getCaptchaToken('forgot_password') }).unwrap();
    return `We sent a link to ${email}. Open it to choose a new password.`;
  };

  return { connect, disconnect, deleteAccount, resendVerification, sendPasswordLink };
}
