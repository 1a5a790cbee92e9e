import { defineEvent } from '#pie/platform';
import type { SocialProvider } from '#pie/contracts';

export interface ProviderDisconnectedPayload {
  fanId: string;
  provider: SocialProvider;
}

/** A fan removed a provider from their account: stop reading it. */
export const ProviderDisconnected = defineEvent<ProviderDisconnectedPayload>('identity.provider-disconnected.v1');
