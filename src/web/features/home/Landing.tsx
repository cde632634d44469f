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
import { useTexts } from '../../i18n/context';
import { Rich, type RichPart } from '../../i18n/rich';
import { fill } from '../../i18n/translator';

/** The landing's texts (English; namespace `landing`); `<tag>…</tag>` marks a link or emphasis. */
export const LANDING_TEXT = {
  authenticate: '<login>Please authenticate</login> to create and manage your VPNs.',
  title: 'Prepaid, temporary VPNs',
  intro:
    'Peanut VPN is a prepaid VPN service: no subscription, you buy peanuts and spend them on server time and traffic. Each VPN is:',
  secure: '<b>secure</b>: it runs WireGuard;',
  isolated: '<b>isolated</b>: it has its own server, with no ssh access;',
  temporary:
    '<b>temporary</b>: it is destroyed, logs included, when its peanuts are consumed or its deadline is reached.',
  questions: 'Questions? Read the <faq>FAQ</faq> or <contact>contact us</contact>.',
  signupCta: 'Sign up and get {{count}} free peanuts',
  packs: 'Peanut packs',
} as const;

/** Text of the sign-up call to action. */
export const SIGNUP_CTA_TEXT = fill(LANDING_TEXT.signupCta, { count: SIGNUP_BONUS_PEANUTS });

/** The marked parts' elements (not an UPPER_CASE name: the lint rule skips those). */
const landingParts: Readonly<Record<string, RichPart>> = {
  login: (words) => <Link to="/login">{words}</Link>,
  faq: (words) => <Link to="/faq">{words}</Link>,
  contact: (words) => <Link to="/contactus">{words}</Link>,
  b: (words) => <strong>{words}</strong>,
};

/** The landing panel with the sign-up offer and the packs. */
export function Landing() {
  const text = useTexts('landing', LANDING_TEXT);
  return (
    <Flex vertical gap="large">
      <Paragraph style={{ margin: 0 }}>
        <Rich text={text.authenticate} parts={landingParts} />
      </Paragraph>
      <Panel bordered={false}>
        <Title level={1} style={{ marginTop: 0 }}>
          {text.title}
        </Title>
        <Paragraph>{text.intro}</Paragraph>
        <ul>
          <li>
            <Rich text={text.secure} parts={landingParts} />
          </li>
          <li>
            <Rich text={text.isolated} parts={landingParts} />
          </li>
          <li>
            <Rich text={text.temporary} parts={landingParts} />
          </li>
        </ul>
        <Paragraph>
          <Rich text={text.questions} parts={landingParts} />
        </Paragraph>
        <ButtonLink type="primary" size="large" to="/signup" icon={<GiftOutlined />}>
          {fill(text.signupCta, { count: SIGNUP_BONUS_PEANUTS })}
        </ButtonLink>
      </Panel>
      <section aria-labelledby="home-pricing-title">
        <Title level={2} id="home-pricing-title">
          {text.packs}
        </Title>
        <PackList />
      </section>
    </Flex>
  );
}
