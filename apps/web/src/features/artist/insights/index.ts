export { FundingInsightsSection } from './components/FundingInsightsSection';
