export { AdminList, type AdminColumn, type AdminFilter } from './components/AdminList';
export { AdminRecordPage, ConfirmAction, JsonValue } from './components/AdminRecord';
export { AuditLogSection } from './components/AuditLogSection';
export { useAdminActionMutation, useDiscoveryProgressQuery, useRunCheckMutation, useRecordOfQuery } from './api/back-office.api';
export { TransactionsOf } from './components/TransactionsOf';
export { LazyDailyMoneyChart, LazyMoneyFlowChart } from './components/LazyMoneyCharts';
