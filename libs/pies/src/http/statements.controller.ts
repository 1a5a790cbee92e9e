import { Controller, Get, Inject, Res, UseGuards } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { PieIdParam } from '#pie/contracts';
import { CurrentSubject, FanSessionGuard, type SessionPrincipal } from '#pie/identity';
import { Database, ok, ZodParam } from '#pie/platform';
import { buildStatement, statementCsv } from '../domain/statement.js';
import { statementPdf } from '../domain/statement-pdf.js';

/**
 * A closed period's statement for its fan (another fan's period is 404): JSON for the page, CSV
 * and PDF downloads with the same figures, all read from the ledger and the close's snapshot.
 */
@Controller('api/pie/periods/:periodId')
@UseGuards(FanSessionGuard)
export class StatementsController {
  constructor(@Inject(Database) private readonly database: Database) {}

  @Get('statement')
  async statement(@CurrentSubject() fan: SessionPrincipal, @ZodParam('periodId', PieIdParam) periodId: string) {
    return ok(await buildStatement(this.database.em(), fan.subjectId, periodId));
  }

  @Get('statement.csv')
  async csv(@CurrentSubject() fan: SessionPrincipal, @ZodParam('periodId', PieIdParam) periodId: string, @Res() reply: FastifyReply) {
    const statement = await buildStatement(this.database.em(), fan.subjectId, periodId);
    await reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="pie-statement-${statement.endsAt.slice(0, 10)}.csv"`)
      .header('cache-control', 'private, no-store')
      .send(statementCsv(statement));
  }

  @Get('statement.pdf')
  async pdf(@CurrentSubject() fan: SessionPrincipal, @ZodParam('periodId', PieIdParam) periodId: string, @Res() reply: FastifyReply) {
    const statement = await buildStatement(this.database.em(), fan.subjectId, periodId);
    await reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="pie-statement-${statement.endsAt.slice(0, 10)}.pdf"`)
      .header('cache-control', 'private, no-store')
      .send(await statementPdf(statement));
  }
}
