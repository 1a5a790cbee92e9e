import type { ApiSuccess, FanImpactView } from '#pie/contracts';
import { baseApi, unwrap } from '@web/shared/api';

export interface ImpactArgs {
  /** A UTC calendar year; all time when absent. */
  year?: number;
}

/** The address of the fan's own card for a scope (a PNG the browser downloads). */
export function impactCardUrl({ year }: ImpactArgs): string {
  return `/api/report/impact/card.png${year ? `?year=${year}` : ''}`;
}

/** `GET /api/report/impact`: where the signed-in fan's money went (`#pie/contracts` `FanImpactView`). */
export const impactApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getFanImpact: build.query<FanImpactView, ImpactArgs>({
      query: ({ year }) => ({ url: 'report/impact', params: year ? { year } : undefined }),
      transformResponse: (response: ApiSuccess<FanImpactView>) => unwrap(response),
    }),
  }),
});

export const { useGetFanImpactQuery } = impactApi;
