import { GeneralErrorScreen } from '../errors';

/** /error: where flows that fail for good send the person. */
export function Component() {
  return <GeneralErrorScreen home="/" />;
}
