import { Global, Module } from '@nestjs/common';
import { OfficeClosing } from '#pie/offices';
import type { EntityManager } from '#pie/platform';
import { officeIsPayee } from './claims.errors.js';
import { changeStatus, claimsWhere } from './claims-store.js';

/**
 * Claims' answer to an office's closing (offices asks it in the closing's transaction): refused
 * while the office holds an artist's successful claim (it is their payee); its open claims are
 * cancelled, each with its history row. Locked so no claim succeeds between this and the close.
 */
export class ClaimsOfficeClosing extends OfficeClosing {
  async beforeClose(tx: EntityManager, officeId: string, closedBy: { userId: string }): Promise<void> {
    const open = await claimsWhere(tx, { officeId, open: true }, { lock: true });
    if (open.some((claim) => claim.status === 'successful')) throw officeIsPayee();
    for (const claim of open) await changeStatus(tx, claim, 'cancelled', { kind: 'artist', id: closedBy.userId }, 'Office deleted');
  }
}

/** Provides `OfficeClosing` to the offices module, which cannot import claims (claims imports offices). */
@Global()
@Module({ providers: [{ provide: OfficeClosing, useClass: ClaimsOfficeClosing }], exports: [OfficeClosing] })
export class ClaimsOfficeClosingModule {}
