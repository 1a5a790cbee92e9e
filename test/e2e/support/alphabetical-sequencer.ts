import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The e2e files share one running platform, so their order is part of what they see: alphabetical,
 * the same every run (admin's reconciliation runs on books only the real flows and the demo data
 * made, before payouts' own test money lands in an escrow).
 */
export class AlphabeticalSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    return [...files].sort((a, b) => a.moduleId.localeCompare(b.moduleId));
  }
}
