import type { OpenBooksView } from '#pie/contracts';

/** The element the api puts the open books in when it serves /open-books itself (apps/api/src/open-books-page.ts). */
export const SERVED_OPEN_BOOKS_ID = 'open-books-data';

let served: OpenBooksView | undefined;

/**
 * The open books the api served inside this page's HTML: the first screen shows them without
 * asking again once the code has arrived (its largest paint then waits for the code only, not
 * for the code and then a read).
 */
export function servedOpenBooks(): OpenBooksView | undefined {
  const element = typeof document === 'undefined' ? null : document.getElementById(SERVED_OPEN_BOOKS_ID);
  if (element) {
    try {
      served = JSON.parse(element.textContent ?? '') as OpenBooksView;
    } catch {
      served = undefined;
    }
    element.remove();
  }
  return served;
}

/** The page has shown them: a later visit in the same page load reads the API (the served figures would be old by then). */
export function forgetServedOpenBooks(): void {
  served = undefined;
}
