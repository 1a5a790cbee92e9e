// The ledger's published events ('#pie/ledger/events'). They depend on the platform only.
export { FanWalletCredited, type FanWalletCreditedPayload } from './events/fan-wallet-credited.event.js';
