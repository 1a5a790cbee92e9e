import { MyPiesPage } from '../../features/fan/pies';

export function Component() {
  return <MyPiesPage />;
}
