/** What more than one fan screen reads of the fan's payments (features never import each other). */
export { activeSubscriptionApi, useGetActiveSubscriptionQuery } from './active-subscription.api';
