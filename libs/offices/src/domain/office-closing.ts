import type { EntityManager } from '#pie/platform';

/**
 * What an office's closing asks of the modules that hang work on offices, in the closing's own
 * transaction: claims answers it (an office that is an artist's payee may not close; its open claims
 * are cancelled with it). Offices cannot import claims (claims imports offices), so the question is
 * this port, which the claims module provides (`ClaimsOfficeClosingModule`) and offices injects.
 * One transaction on purpose: a claim must not succeed for an office between the check and the close.
 */
export abstract class OfficeClosing {
  /** Throws when the office may not close; otherwise ends what the office leaves behind, in `tx`. */
  abstract beforeClose(tx: EntityManager, officeId: string, closedBy: { userId: string }): Promise<void>;
}
