/**
 * The signed-in home (spec §2 "Home"): the steps panel, the balance badge (its refresh also
 * reloads the first page of VPNs), the paginated VPN list and the configuration panel. HomePage
 * puts the divider and the regions table (with Create) below it.
 */
import { Flex } from 'antd';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { HiddenPageTitle } from '../../components/VisuallyHidden';
import { BalanceBadge } from '../balance';
import { ConfigurationPanel } from '../vpns';
import { StepsPanel } from '../vpns';
import { VpnList } from '../vpns';
import { selectVpnListStatus, vpnListRefreshRequested } from '../vpns';
import { useTexts } from '../../i18n/context';

/** The dashboard's own texts (English; namespace `dashboard`). */
export const DASHBOARD_TEXT = { title: 'Dashboard' } as const;

/** The dashboard of a signed-in user. */
export function Dashboard() {
  const dispatch = useAppDispatch();
  const text = useTexts('dashboard', DASHBOARD_TEXT);
  const listLoading = useAppSelector(selectVpnListStatus) === 'loading';
  return (
    <Flex vertical gap="large">
      <HiddenPageTitle>{text.title}</HiddenPageTitle>
      <StepsPanel />
      <BalanceBadge
        onRefresh={() => dispatch(vpnListRefreshRequested())}
        refreshing={listLoading}
      />
      <VpnList />
      <ConfigurationPanel />
    </Flex>
  );
}
