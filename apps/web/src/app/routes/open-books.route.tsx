import { OpenBooksPage } from '../../features/public/open-books';

export function Component() {
  return <OpenBooksPage />;
}
