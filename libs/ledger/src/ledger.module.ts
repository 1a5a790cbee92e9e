import { Module } from '@nestjs/common';
import { Ledger } from './ledger.service.js';

/** Import it to inject `Ledger` (the platform's Database must be available, as in api and worker). */
@Module({ providers: [Ledger], exports: [Ledger] })
export class LedgerModule {}
