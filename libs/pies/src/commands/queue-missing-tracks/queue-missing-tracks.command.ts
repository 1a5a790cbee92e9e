/** Queues the catalogue back-fill for the fan's orphaned tracks now. */
export class QueueMissingTracks {
  constructor(readonly fanId: string) {}
}
