import { authApi } from '../../features/fan/auth';
import { MyPiesPage } from '../../features/fan/pies';

export function Component() {
  // The signed-in fan's id comes from the session's user (the auth feature); the pies feature lists them.
  const user = authApi.useGetUserQuery();
  return <MyPiesPage fanId={user.data?._id} />;
}
