export { FundingInsightsSection } from './components/FundingInsightsSection';
export { useGetClaimInsightsQuery } from './api/insights.api';
