import { BadRequestException, ConflictException, NotFoundException } from '@nestjs/common';

/** Unknown and foreign ids look the same: nobody learns which pies exist. */
export const pieNotFound = () => new NotFoundException({ message: 'No pie with this id' });
export const periodNotFound = () => new NotFoundException({ message: 'No closed pie period with this id' });
export const pieArtistNotFound = () => new NotFoundException({ message: 'No pie artist with this id' });
export const artistNotFound = () => new NotFoundException({ message: 'No artist with this id' });
export const pieNotLive = () => new ConflictException({ message: 'This pie has ended; its settings can no longer change' });
export const tooManyIncluded = (limit: number) =>
  new BadRequestException({ message: `You can always include at most ${limit} artists (your artist limit)`, errors: { included: [`At most ${limit} artists can be always included`] } });
