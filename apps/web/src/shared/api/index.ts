export { baseApi, artistBaseApi, adminBaseApi } from './base-api';
export {
  FAN_TAG_TYPES,
  ARTIST_TAG_TYPES,
  ADMIN_TAG_TYPES,
  LIST,
  ME,
  entityTags,
  type FanTagType,
  type ArtistTagType,
  type AdminTagType,
} from './tags';
export { unwrap, unwrapPage, singlePage, type Paged } from './envelope';
export {
  createBaseQuery,
  type BaseQueryOptions,
  type PieBaseQuery,
  type PieExtraOptions,
  type SessionArea,
} from './base-query';
export {
  setUnauthorizedHandler,
  unauthorizedTarget,
  isLoginOrRegisterCall,
  type UnauthorizedHandler,
  type UnauthorizedRedirect,
  type UnauthorizedTarget,
} from './unauthorized';
export { XSRF_COOKIE, XSRF_HEADER, readCookie } from './xsrf';
export {
  errorMessage,
  errorStatus,
  serverFieldErrors,
  serverMessage,
  type ApiError,
} from './errors';
