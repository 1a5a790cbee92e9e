export { baseApi, artistBaseApi, adminBaseApi, TAG_TYPES, type TagType } from './base-api';
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
