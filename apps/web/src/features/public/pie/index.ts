export { PublicPiePage } from './components/PublicPiePage';
