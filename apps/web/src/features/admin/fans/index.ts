export { FansPage } from './components/FansPage';
export { FanPage } from './components/FanPage';
