/** The VPN feature's public API: the dashboard's panels, its list state and its lazy regions table. */
export { ConfigurationPanel } from './ConfigurationPanel';
export { loadVpnRegionsTable } from './loadVpnRegionsTable';
export { StepsPanel } from './StepsPanel';
export { VpnList } from './VpnList';
export { selectVpnListStatus, vpnListRefreshRequested } from './vpnsSlice';
