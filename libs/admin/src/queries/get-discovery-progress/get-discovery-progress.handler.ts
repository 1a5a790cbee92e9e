import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { Database } from '#pie/platform';
import { discoveryOf } from '../../domain/email-discovery.js';
import { GetDiscoveryProgress } from './get-discovery-progress.query.js';

@QueryHandler(GetDiscoveryProgress)
export class GetDiscoveryProgressHandler implements IQueryHandler<GetDiscoveryProgress> {
  constructor(
    @Inject(Database) private readonly database: Database,
  ) {}

  execute({ artistId }: GetDiscoveryProgress) {
    return discoveryOf(this.database.em(), artistId);
  }
}
