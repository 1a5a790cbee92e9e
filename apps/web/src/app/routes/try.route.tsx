import { TryPromotion } from '@web/features/fan/auth';

export function Component() {
  return (
    <>
      <title>{`Free $5 pie · Pie`}</title>
      <TryPromotion />
    </>
  );
}
