export { ClaimNotFound } from './components/ClaimNotFound';
