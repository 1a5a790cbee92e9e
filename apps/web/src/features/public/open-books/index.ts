export { OpenBooksPage } from './components/OpenBooksPage';
