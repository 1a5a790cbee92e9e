/** What more than one fan feature reads of the fan's listening (features never import each other). */
export { listeningOverviewApi, useGetListeningOverviewQuery } from './overview.api';
