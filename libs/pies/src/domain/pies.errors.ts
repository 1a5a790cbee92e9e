import { DomainError } from '#pie/platform';

/** Unknown and foreign ids look the same: nobody learns which pies exist. */
export const pieNotFound = () => new DomainError('pies.pie-not-found', 'not-found', 'No pie with this id');
export const periodNotFound = () => new DomainError('pies.period-not-found', 'not-found', 'No closed pie period with this id');
export const pieArtistNotFound = () => new DomainError('pies.pie-artist-not-found', 'not-found', 'No pie artist with this id');
export const artistNotFound = () => new DomainError('pies.artist-not-found', 'not-found', 'No artist with this id');
export const pieNotLive = () => new DomainError('pies.pie-not-live', 'conflict', 'This pie has ended; its settings can no longer change');
/** The free promotional pie is funded once from the promotion: nothing to charge differently or more often. */
export const promoTermsFixed = (fields: string[]) =>
  new DomainError(
    'pies.promo-terms-fixed',
    'invalid',
    'A promotional pie keeps its amount and period length; start a paid pie to choose your own',
    Object.fromEntries(fields.map((field) => [field, ['A promotional pie keeps its ' + (field === 'amount' ? 'amount' : 'period length')]])),
  );
export const tooManyIncluded = (limit: number) =>
  new DomainError('pies.too-many-included', 'invalid', `You can always include at most ${limit} artists (your artist limit)`, {
    included: [`At most ${limit} artists can be always included`],
  });
