import { defineEvent } from '#pie/platform';
import type { SocialProvider } from '#pie/contracts';

export interface ProviderConnectedPayload {
  fanId: string;
  provider: SocialProvider;
}

/** A fan signed in with or linked a provider (again): its data can be read now. */
export const ProviderConnected = defineEvent<ProviderConnectedPayload>('identity.provider-connected.v1');
