export { ClaimsPage } from './components/ClaimsPage';
export { ClaimPage } from './components/ClaimPage';
