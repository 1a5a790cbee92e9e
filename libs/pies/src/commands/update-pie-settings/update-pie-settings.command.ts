import type { PieSettings } from '#pie/contracts';

/** The fan changes any of the five settings; they apply from the next period. */
export class UpdatePieSettings {
  constructor(
    readonly fanId: string,
    readonly pieId: string,
    readonly changes: Partial<PieSettings>,
  ) {}
}
