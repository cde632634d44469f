/**
 * Pricing `/pricing` (spec §2 "Pricing"): how peanuts are spent and the packs for sale.
 */
import { Typography } from 'antd';
import { PackList } from '../features/pricing/PackList';
import { useTexts } from '../i18n/context';
import { PAGES_TEXT } from './pagesText';

const { Title, Paragraph } = Typography;

/** The pricing page. */
export default function PricingPage() {
  const T = useTexts('pages', PAGES_TEXT).pricing;
  return (
    <>
      <Title level={1}>{T.title}</Title>
      <Paragraph>{T.intro}</Paragraph>
      <Paragraph type="secondary">{T.estimates}</Paragraph>
      <PackList />
    </>
  );
}
