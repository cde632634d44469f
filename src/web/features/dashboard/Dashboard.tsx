/**
 * The signed-in home (spec §2 "Home"): for now the balance badge. The steps panel, the VPN list
 * and the configuration panel join it with the VPN dashboard.
 */
import { Flex } from 'antd';
import { BalanceBadge } from '../balance/BalanceBadge';

/** The dashboard of a signed-in user. */
export function Dashboard() {
  return (
    <Flex vertical gap="large">
      <BalanceBadge />
    </Flex>
  );
}
