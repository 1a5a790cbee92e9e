import { ConflictException, NotFoundException } from '@nestjs/common';
import { PROMO_ALREADY_USED_MESSAGE } from '#pie/contracts';

export const subscriptionNotFound = () => new NotFoundException({ message: 'Subscription not found' });
export const alreadyHasLivePie = () =>
  new ConflictException({ message: 'You already have a pie running: cancel it (or let it end) before starting another' });
export const promoAlreadyUsed = () => new ConflictException({ message: `${PROMO_ALREADY_USED_MESSAGE}. Each user can only use this offer once.` });
export const promoNotEligible = () => new ConflictException({ message: 'The free PIE promotion is only for fans who signed up through the promotion' });
export const promoFundsExhausted = () => new ConflictException({ message: 'The free PIE promotion has run out for now' });
export const noBillingAccount = () => new NotFoundException({ message: 'No billing account yet: start a pie first' });
