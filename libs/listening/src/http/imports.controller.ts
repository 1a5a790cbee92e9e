import { Controller, Get, HttpCode, Inject, Post, UseGuards } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { CreateImportRequest, ImportChunkRequest, ListeningIdParam } from '#pie/contracts';
// Parameter types under other names: decorator metadata must not point at the zod schemas (OpenAPI reads it).
import type { CreateImportRequest as CreateImportBody, ImportChunkRequest as ImportChunkBody } from '#pie/contracts';
import { CurrentSubject, FanSessionGuard, type SessionPrincipal } from '#pie/identity';
import { ok, ZodBody, ZodParam } from '#pie/platform';
import { AddImportChunk } from '../commands/add-import-chunk/add-import-chunk.command.js';
import { StartImport } from '../commands/start-import/start-import.command.js';
import { GetImport } from '../queries/get-import/get-import.query.js';
import { ListImports } from '../queries/list-imports/list-imports.query.js';

/**
 * Uploads of the provider's account-data export (`StreamingHistory*.json`, extended
 * `Streaming_History_Audio_*.json`). The API takes JSON only (no multipart) and at most 1 MB a
 * request, so the page reads the file and sends its rows: in one request when they fit, else in
 * `totalChunks` chunks (the first with the POST that creates the upload, the rest to `/:id/chunks`).
 * The worker imports once every chunk is in; `GET /:id` reports progress.
 */
@Controller('api/listening/imports')
@UseGuards(FanSessionGuard)
export class ImportsController {
  constructor(
    @Inject(QueryBus) private readonly queries: QueryBus,
    @Inject(CommandBus) private readonly commands: CommandBus,
  ) {}

  @Post()
  @HttpCode(202)
  async start(@CurrentSubject() fan: SessionPrincipal, @ZodBody(CreateImportRequest) body: CreateImportBody) {
    const progress = await this.commands.execute(new StartImport(fan.subjectId, body));
    return ok(progress, progress.status === 'queued' ? 'Upload received; your history is being imported.' : 'Upload started; send the remaining chunks.');
  }

  @Post(':id/chunks')
  @HttpCode(202)
  async chunk(
    @CurrentSubject() fan: SessionPrincipal,
    @ZodParam('id', ListeningIdParam) id: string,
    @ZodBody(ImportChunkRequest) body: ImportChunkBody,
  ) {
    const progress = await this.commands.execute(new AddImportChunk(fan.subjectId, id, body));
    return ok(progress, progress.status === 'queued' ? 'Upload complete; your history is being imported.' : 'Chunk received.');
  }

  @Get()
  async list(@CurrentSubject() fan: SessionPrincipal) {
    return ok(await this.queries.execute(new ListImports(fan.subjectId)));
  }

  @Get(':id')
  async progress(@CurrentSubject() fan: SessionPrincipal, @ZodParam('id', ListeningIdParam) id: string) {
    return ok(await this.queries.execute(new GetImport(fan.subjectId, id)));
  }
}
