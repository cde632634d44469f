/**
 * One peanut pack (spec §2 "Pricing"): name, peanut count, price in USD, the duration
 * estimates and an action button.
 */
import type { ReactNode } from 'react';
import { Flex } from 'antd';
import type { PeanutsPack } from '../../../core/packs';
import { Panel } from '../../components/Panel';
import { Text } from '../../components/typography';

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** Formats a price in US dollars, e.g. `$2.71 USD`. */
export function formatUsd(price: number): string {
  return `${usd.format(price)} USD`;
}

/** Props of {@link PackCard}. */
export interface PackCardProps {
  pack: PeanutsPack;
  /** The button: Buy when signed in, Sign In otherwise. */
  action: ReactNode;
}

/** A card describing a pack. */
export function PackCard({ pack, action }: PackCardProps) {
  return (
    <Panel
      element="article"
      title={pack.name}
      style={{ height: '100%', display: 'flex', flexDirection: 'column' }}
      bodyStyle={{ flex: 1, display: 'flex', flexDirection: 'column', gap: 12 }}
    >
      <Flex align="baseline" gap="small" wrap>
        <Text strong style={{ fontSize: 28 }}>
          {pack.peanuts}
        </Text>
        <Text>peanuts</Text>
      </Flex>
      <Text style={{ fontSize: 18 }}>{formatUsd(pack.price)}</Text>
      <ul style={{ margin: 0, paddingInlineStart: 20, flex: 1 }}>
        {pack.description.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <div>{action}</div>
    </Panel>
  );
}
