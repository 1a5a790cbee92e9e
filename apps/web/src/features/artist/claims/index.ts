export { ClaimNotFound } from './components/ClaimNotFound';
export { ClaimPage } from './components/ClaimPage';
export { ArtistsPage } from './components/ArtistsPage';
export { useListClaimsQuery } from './api/claims.api';
