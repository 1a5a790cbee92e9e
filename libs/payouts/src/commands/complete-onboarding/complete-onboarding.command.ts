import { Command } from '@nestjs/cqrs';
import type { OnboardingLinkView } from '#pie/contracts';

/** `POST stripe/completeOnboarding`: an office admin connects (or finishes connecting) the office's Stripe account. */
export class CompleteOnboarding extends Command<OnboardingLinkView> {
  constructor(readonly userId: string, readonly officeId: string) {
    super();
  }
}
