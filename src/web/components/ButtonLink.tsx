/**
 * An antd button that is a real link (`<a href>`, so it can be opened in a new tab) and navigates
 * inside the SPA on a plain click.
 */
import type { MouseEvent, ReactNode } from 'react';
import { Button, type ButtonProps } from 'antd';
import { useNavigate } from 'react-router-dom';

/** Props of {@link ButtonLink}. */
export interface ButtonLinkProps {
  /** The route to go to, e.g. `/login`. */
  to: string;
  children: ReactNode;
  type?: ButtonProps['type'];
  size?: ButtonProps['size'];
  icon?: ReactNode;
  block?: boolean;
}

function isPlainLeftClick(event: MouseEvent): boolean {
  return event.button === 0 && !event.metaKey && !event.altKey && !event.ctrlKey && !event.shiftKey;
}

/** A button-looking link to `to`. */
export function ButtonLink({ to, children, type, size, icon, block }: ButtonLinkProps) {
  const navigate = useNavigate();
  return (
    <Button
      href={to}
      type={type}
      size={size}
      icon={icon}
      block={block}
      onClick={(event) => {
        if (!isPlainLeftClick(event)) return;
        event.preventDefault();
        navigate(to);
      }}
    >
      {children}
    </Button>
  );
}
