export { PROVIDERS, ProviderIcon, providerLabel, socialFailureMessage, type ProviderInfo } from './providers';
