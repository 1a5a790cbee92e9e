export { PrivacyPolicyPage } from './components/PrivacyPolicyPage';
export { TermsPage } from './components/TermsPage';
export { DeleteAccountInstructionsPage } from './components/DeleteAccountInstructionsPage';
