import { Command } from '@nestjs/cqrs';
import type { SyncResult } from '#pie/contracts';

/** "Fetch latest": polls the signed-in fan now (`GET /api/tracks/user/fetchLatestFromSpotify`). */
export class SyncFanNow extends Command<SyncResult> {
  constructor(readonly fanId: string) {
    super();
  }
}
