import { OpenBooksPage } from '@web/features/public/open-books';

export function Component() {
  return <OpenBooksPage />;
}
