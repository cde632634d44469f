/**
 * The anonymous home panel (spec §2 "Home"): a link to sign in, what the product is, links to
 * the FAQ and contact page, the sign-up offer and the pricing packs.
 */
import { Flex } from 'antd';
import { GiftOutlined } from '@ant-design/icons';
import { Link } from 'react-router-dom';
import { SIGNUP_BONUS_PEANUTS } from '../../../core/constants';
import { ButtonLink } from '../../components/ButtonLink';
import { Panel } from '../../components/Panel';
import { PackList } from '../pricing';
import { Paragraph, Title } from '../../components/typography';

/** Text of the sign-up call to action. */
export const SIGNUP_CTA_TEXT = `Sign up and get ${SIGNUP_BONUS_PEANUTS} free peanuts`;

/** The landing panel with the sign-up offer and the packs. */
export function Landing() {
  return (
    <Flex vertical gap="large">
      <Paragraph style={{ margin: 0 }}>
        <Link to="/login">Please authenticate</Link> to create and manage your VPNs.
      </Paragraph>
      <Panel bordered={false}>
        <Title level={2} style={{ marginTop: 0 }}>
          Prepaid, temporary VPNs
        </Title>
        <Paragraph>
          Peanut VPN is a prepaid VPN service: no subscription, you buy peanuts and spend them on
          server time and traffic. Each VPN is:
        </Paragraph>
        <ul>
          <li>
            <strong>secure</strong>: it runs WireGuard;
          </li>
          <li>
            <strong>isolated</strong>: it has its own server, with no ssh access;
          </li>
          <li>
            <strong>temporary</strong>: it is destroyed, logs included, when its peanuts are
            consumed or its deadline is reached.
          </li>
        </ul>
        <Paragraph>
          Questions? Read the <Link to="/faq">FAQ</Link> or <Link to="/contactus">contact us</Link>.
        </Paragraph>
        <ButtonLink type="primary" size="large" to="/signup" icon={<GiftOutlined />}>
          {SIGNUP_CTA_TEXT}
        </ButtonLink>
      </Panel>
      <section aria-labelledby="home-pricing-title">
        <Title level={3} id="home-pricing-title">
          Peanut packs
        </Title>
        <PackList />
      </section>
    </Flex>
  );
}
