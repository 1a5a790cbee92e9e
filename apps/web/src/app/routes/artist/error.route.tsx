import { GeneralErrorScreen } from '../../errors';

/** /for-artists/error: the artist area's error page; 'Go to Homepage' leads to the area's home. */
export function Component() {
  return <GeneralErrorScreen home="/for-artists" />;
}
