import { defineJob } from '#pie/platform';

export interface FetchCataloguePayload {
  /** A fan whose provider access the lookups may use (the catalogue calls need a user token). */
  fanId?: string;
}

/** Fetches missing track and artist metadata from the provider, 50 ids per call. */
export const FetchCatalogue = defineJob<FetchCataloguePayload>('listening', 'listening.fetch-catalogue');
