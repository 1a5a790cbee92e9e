import { Command } from '@nestjs/cqrs';
import type { ProfileVisibility, UpdateVisibilityRequest } from '#pie/contracts';

/** `PUT /api/user/visibility`: what other fans may see. */
export class UpdateVisibility extends Command<ProfileVisibility> {
  constructor(
    readonly fanId: string,
    readonly change: UpdateVisibilityRequest,
  ) {
    super();
  }
}
