import { authApi } from '@web/features/fan/auth';
import { MyPiesPage } from '@web/features/fan/pies';

export function Component() {
  // The signed-in fan's id comes from the session's user (the auth feature); the pies feature lists them.
  const user = authApi.useGetUserQuery();
  return <MyPiesPage fanId={user.data?._id} />;
}
