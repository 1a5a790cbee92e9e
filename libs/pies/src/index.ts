// Public surface of libs/pies.
export { splitPie, weightShare, SplitInputError, type SplitCandidate, type SplitSettings, type SplitLine, type SplitResult, type Inclusion, type ExclusionReason } from './domain/split.js';
