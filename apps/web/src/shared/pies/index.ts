/** What more than one fan screen reads of the fan's pie (features never import each other). */
export { activePieApi, useGetActivePieQuery } from './active-pie.api';
export { endsPhrase, pieStatusLabel, usePieEnding, usePieStatus, type PieEnding } from './pie-status';
