import { Command } from '@nestjs/cqrs';
import type { LoginLinkView } from '#pie/contracts';

/** `GET stripe/createLoginLink`: a one-off link into the office's Stripe Express dashboard (office admins). */
export class CreateLoginLink extends Command<LoginLinkView> {
  constructor(readonly userId: string, readonly officeId: string) {
    super();
  }
}
