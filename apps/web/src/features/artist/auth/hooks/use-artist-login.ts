import { useEffect } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { useNavigate } from 'react-router';
import { useLoginFormState } from '@web/shared/account';
import { artistBaseApi } from '@web/shared/api';
import {
  artistRedirectConsumed,
  artistSessionConfirmed,
  safeRedirect,
  selectArtistRedirectTo,
} from '@web/shared/session';
import { useArtistLoginMutation } from '../api/artist-auth.api';
import { ARTIST_HOME, ARTIST_LOGIN } from '../paths';


/** Artist login; afterwards to where the guard or the 401 rule sent them from, else /for-artists/artists. */
export function useArtistLogin() {
  const [login] = useArtistLoginMutation();
  const redirectTo = useSelector(selectArtistRedirectTo);
  const dispatch = useDispatch();
  const navigate = useNavigate();

  // No previous account's cached data may show after this login.
  useEffect(() => {
    dispatch(artistBaseApi.util.resetApiState());
  }, [dispatch]);

  return useLoginFormState({
    submit: async (credentials) => {
      await login(credentials).unwrap();
      dispatch(artistSessionConfirmed());
      dispatch(artistRedirectConsumed());
      await navigate(safeRedirect(redirectTo, ARTIST_HOME, ARTIST_LOGIN), { replace: true });
    },
  });
}
