export { browserLocation, detectDeviceType } from './location';
