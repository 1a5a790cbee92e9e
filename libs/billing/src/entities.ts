/** Billing keeps its rows with set-based SQL (Stripe is the source of truth for its objects); no ORM entities. */
export const billingEntities = [];
