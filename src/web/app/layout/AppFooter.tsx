/**
 * The footer of spec §2 "Shell": About > Contact Us; Legal > Privacy Policy and Terms Of Use.
 */
import { Col, Flex, Layout, Row } from 'antd';
import { Link } from 'react-router-dom';
import { Paragraph, Title } from '../../components/typography';

const SECTIONS = [
  { title: 'About', links: [{ label: 'Contact Us', to: '/contactus' }] },
  {
    title: 'Legal',
    links: [
      { label: 'Privacy Policy', to: '/privacy' },
      { label: 'Terms Of Use', to: '/terms' },
    ],
  },
] as const;

/** The application footer. */
export function AppFooter() {
  return (
    <Layout.Footer>
      <div style={{ maxWidth: 1280, margin: '0 auto' }}>
        <Row gutter={[32, 16]}>
          {SECTIONS.map((section) => (
            <Col key={section.title} xs={24} sm={12} md={8}>
              <nav aria-label={section.title}>
                <Title level={5}>{section.title}</Title>
                <Flex vertical gap={4}>
                  {section.links.map((link) => (
                    <Link key={link.to} to={link.to}>
                      {link.label}
                    </Link>
                  ))}
                </Flex>
              </nav>
            </Col>
          ))}
        </Row>
        <Paragraph type="secondary" style={{ marginTop: 24, marginBottom: 0 }}>
          Peanut VPN: prepaid, temporary WireGuard VPNs. No subscription.
        </Paragraph>
      </div>
    </Layout.Footer>
  );
}
