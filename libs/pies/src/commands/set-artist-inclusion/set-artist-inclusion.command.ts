/** `included`: true = always in this pie, false = never, null = back to the rules. */
export class SetArtistInclusion {
  constructor(
    readonly fanId: string,
    readonly pieArtistId: string,
    readonly included: boolean | null,
  ) {}
}
