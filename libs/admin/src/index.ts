// Public surface of libs/admin: the back office (DESIGN §5 invariants, §8).
export { adminModule } from './admin.module-descriptor.js';
// A fan's impact and its cards (apps/api asks it whether a public pie page gets an Open Graph image).
export { FanImpacts } from './domain/fan-impacts.js';
// The open books (apps/api serves /open-books with them inside the page).
export { OpenBooks } from './domain/open-books.js';
