import { useRef, type ReactNode } from 'react';
import { Col, Row, Typography } from 'antd';
import { Heading } from './Heading';
import { Toc } from './Toc';
import { sectionId, type DocSection } from './types';
import { useHashScroll } from './useHashScroll';

/** Props of {@link InfoPage}. */
export interface InfoPageProps {
  /** Page title, rendered as the anchorable `h1`. */
  title: string;
  /** Anchor id of the title; defaults to its slug (give it when the title is translated). */
  titleId?: string;
  /** Text between the title and the first section. */
  intro?: ReactNode;
  /** Sections rendered in order, each with an anchorable heading. */
  sections?: readonly DocSection[];
  /** Extra content after the sections. */
  children?: ReactNode;
  /** Show the table of contents (default true); it hides itself when no heading has an id. */
  toc?: boolean;
}

/**
 * Layout of an informational page: title, table of contents and content. Scrolls to the
 * location's hash once the content is rendered.
 */
export function InfoPage({
  title,
  titleId,
  intro,
  sections = [],
  children,
  toc = true,
}: InfoPageProps) {
  useHashScroll();
  const contentRef = useRef<HTMLDivElement>(null);
  return (
    <div style={{ maxWidth: 1200, margin: '0 auto', padding: '24px 16px' }}>
      <Heading level={1} id={titleId}>
        {title}
      </Heading>
      <Row gutter={[32, 16]}>
        {toc && (
          <Col xs={24} lg={6}>
            <div style={{ position: 'sticky', top: 80 }}>
              <Toc containerRef={contentRef} />
            </div>
          </Col>
        )}
        <Col xs={24} lg={toc ? 18 : 24}>
          <Typography>
            <div ref={contentRef}>
              {intro}
              {sections.map((section) => (
                <section key={sectionId(section)}>
                  <Heading level={section.level ?? 2} id={section.id}>
                    {section.title}
                  </Heading>
                  {section.body}
                </section>
              ))}
              {children}
            </div>
          </Typography>
        </Col>
      </Row>
    </div>
  );
}
