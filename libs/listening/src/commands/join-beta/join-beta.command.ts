import { Command } from '@nestjs/cqrs';

/** `POST /api/user/joinBeta`: the fan opts in to beta features; joining twice changes nothing. */
export class JoinBeta extends Command<{ beta: true; joined_at: string }> {
  constructor(readonly fanId: string) {
    super();
  }
}
