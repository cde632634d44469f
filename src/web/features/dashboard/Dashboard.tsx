/**
 * The signed-in home (spec §2 "Home"): the steps panel, the balance badge (its refresh also
 * reloads the first page of VPNs), the paginated VPN list and the configuration panel. HomePage
 * puts the divider and the regions table (with Create) below it.
 */
import { Flex } from 'antd';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { BalanceBadge } from '../balance';
import { ConfigurationPanel } from '../vpns';
import { StepsPanel } from '../vpns';
import { VpnList } from '../vpns';
import { selectVpnListStatus, vpnListRefreshRequested } from '../vpns';

/** The dashboard of a signed-in user. */
export function Dashboard() {
  const dispatch = useAppDispatch();
  const listLoading = useAppSelector(selectVpnListStatus) === 'loading';
  return (
    <Flex vertical gap="large">
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
