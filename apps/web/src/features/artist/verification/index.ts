export {
  VerificationResultPage,
  VERIFICATION_PLATFORMS,
  type VerificationPlatform,
  type VerificationResult,
} from './components/VerificationResultPage';
