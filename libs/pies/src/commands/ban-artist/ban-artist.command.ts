/** Bans (or un-bans) an artist from all the fan's pies. */
export class BanArtist {
  constructor(
    readonly fanId: string,
    readonly artistId: string,
    readonly banned: boolean,
  ) {}
}
