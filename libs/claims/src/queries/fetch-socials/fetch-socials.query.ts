import { Query } from '@nestjs/cqrs';
import type { ArtistSocials, FetchSocialsRequest } from '#pie/contracts';

/** `POST artist/socials/fetch`: step 2 shows the artist's known links and the string to put in a bio. */
export class FetchSocials extends Query<ArtistSocials> {
  constructor(readonly userId: string, readonly request: FetchSocialsRequest) {
    super();
  }
}
