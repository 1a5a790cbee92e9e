// Test-only exports of libs/admin.
export { impactCardPng, impactCardSvg, CARD_WIDTH, CARD_HEIGHT } from './domain/impact-card.js';
