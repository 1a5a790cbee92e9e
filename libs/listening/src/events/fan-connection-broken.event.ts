import { defineEvent } from '#pie/platform';

export interface FanConnectionBrokenPayload {
  fanId: string;
  provider: 'spotify';
  /** Shown to the fan as is. */
  reason: string;
}

/** The provider no longer lets Pie read a fan's listening (access withdrawn or refused); polling stops. */
export const FanConnectionBroken = defineEvent<FanConnectionBrokenPayload>('listening.fan-connection-broken.v1');
