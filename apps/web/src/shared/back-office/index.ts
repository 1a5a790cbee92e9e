export { AdminList, type AdminColumn, type AdminFilter } from './components/AdminList';
export { AdminRecordPage, ConfirmAction } from './components/AdminRecord';
export { AdminRefLink, AdminRefLinks, refPath } from './components/AdminRefLink';
export { JOURNAL_KIND_LABELS, journalKindLabel } from './components/journal-kinds';
export { AuditLogSection } from './components/AuditLogSection';
export { useAdminActionMutation, useDiscoveryProgressQuery, useRunCheckMutation, useRecordOfQuery, useReconciliationRunQuery } from './api/back-office.api';
export { TransactionsOf, journalMoved } from './components/TransactionsOf';
export { DailyMoneyChart, DailyMoneyChartPlaceholder, MoneyFlowChart } from './components/MoneyCharts';
