import { Navigate, useLocation } from 'react-router';
import { VERIFICATION_PLATFORMS, VerificationResultPage, type VerificationPlatform } from '@web/features/artist/verification';

/** /for-artists/verification/{platform}/{success|failed}, one screen for the eight paths. */
export function Component() {
  const [, , , platform, result] = useLocation().pathname.split('/');
  if (!platform || !(platform in VERIFICATION_PLATFORMS) || (result !== 'success' && result !== 'failed')) {
    return <Navigate to="/for-artists" replace />;
  }
  return <VerificationResultPage platform={platform as VerificationPlatform} result={result} />;
}
