/**
 * Pricing `/pricing` (spec §2 "Pricing"): how peanuts are spent and the packs for sale.
 */
import { Typography } from 'antd';
import { PackList } from '../features/pricing/PackList';

const { Title, Paragraph } = Typography;

/** The pricing page. */
export default function PricingPage() {
  return (
    <>
      <Title level={2}>Pricing</Title>
      <Paragraph>
        A VPN must be given peanuts when it is created, and it ends when they are consumed. Peanuts
        pay for server time and network traffic; there is no subscription.
      </Paragraph>
      <Paragraph type="secondary">
        Duration estimates are informational only, because they vary by region.
      </Paragraph>
      <PackList />
    </>
  );
}
