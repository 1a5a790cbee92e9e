import { DomainError } from '#pie/platform';

/* The admin module's errors, each with a stable code (the web and the API's clients read the code). */

/** A record the back office was asked for does not exist (`what`: artist, fan, office, transaction…). */
export const notFound = (what: string) => new DomainError('admin.not-found', 'not-found', `No ${what} with this id`);
export const discoveryRunning = () => new DomainError('admin.discovery-running', 'conflict', 'A discovery for this artist is already under way: follow its progress.');
/** The office has no Stripe connection to disconnect or reconnect (payouts' code: the web reads it). */
export const stripeNotConnected = () => new DomainError('payouts.not-connected', 'not-found', 'This office has no Stripe connection.');
export const unknownReconciliationCheck = () => new DomainError('validation-failed', 'invalid', 'Unknown reconciliation check');
/** A pie with no public card (unknown, or its fan's profile is private): the same 404 as a missing pie (pies' code). */
export const noPublicCard = () => new DomainError('pies.pie-not-found', 'not-found', 'No public card for this pie');
/** A fan's impact for a period that is not one of their closed ones (pies' code). */
export const periodNotFound = () => new DomainError('pies.period-not-found', 'not-found', 'No closed pie period with this id');
