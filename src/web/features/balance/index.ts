/** The balance feature's public API: the balance query and its badge. */
export { balanceApi, useGetBalanceQuery } from './balanceApi';
export { BalanceBadge } from './BalanceBadge';
export { formatBalance } from './balanceSeverity';
