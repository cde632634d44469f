/**
 * The footer of spec §2 "Shell": About > Contact Us; Legal > Privacy Policy and Terms Of Use.
 */
import { Col, Flex, Layout, Row } from 'antd';
import { Link } from 'react-router-dom';
import { Paragraph, Title } from '../../components/typography';
import { useTexts } from '../../i18n/context';

/** The footer's texts (English; namespace `footer`). */
export const FOOTER_TEXT = {
  about: 'About',
  contactUs: 'Contact Us',
  legal: 'Legal',
  privacy: 'Privacy Policy',
  terms: 'Terms Of Use',
  tagline: 'Peanut VPN: prepaid, temporary WireGuard VPNs. No subscription.',
} as const;

/** The sections: title and links, as keys of {@link FOOTER_TEXT}. */
const SECTIONS = [
  { title: 'about', links: [{ label: 'contactUs', to: '/contactus' }] },
  {
    title: 'legal',
    links: [
      { label: 'privacy', to: '/privacy' },
      { label: 'terms', to: '/terms' },
    ],
  },
] as const;

/** The application footer. */
export function AppFooter() {
  const text = useTexts('footer', FOOTER_TEXT);
  return (
    <Layout.Footer>
      <div style={{ maxWidth: 1280, margin: '0 auto' }}>
        <Row gutter={[32, 16]}>
          {SECTIONS.map((section) => (
            <Col key={section.title} xs={24} sm={12} md={8}>
              <nav aria-label={text[section.title]}>
                <Title level={2} style={{ fontSize: 16 }}>
                  {text[section.title]}
                </Title>
                <Flex vertical gap={4}>
                  {section.links.map((link) => (
                    <Link key={link.to} to={link.to}>
                      {text[link.label]}
                    </Link>
                  ))}
                </Flex>
              </nav>
            </Col>
          ))}
        </Row>
        <Paragraph type="secondary" style={{ marginTop: 24, marginBottom: 0 }}>
          {text.tagline}
        </Paragraph>
      </div>
    </Layout.Footer>
  );
}
