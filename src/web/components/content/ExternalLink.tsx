import type { ReactNode } from 'react';

/** Props of {@link ExternalLink}. */
export interface ExternalLinkProps {
  href: string;
  children: ReactNode;
}

/** A link that leaves the app (another site or a `mailto:`); web links open in a new tab. */
export function ExternalLink({ href, children }: ExternalLinkProps) {
  const web = /^https?:/i.test(href);
  return (
    <a href={href} {...(web ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
      {children}
    </a>
  );
}
