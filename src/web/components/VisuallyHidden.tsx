/**
 * A page heading read by screen readers and kept out of sight, for pages whose visible top is
 * not a title (the dashboard, the not-found banner): every page has exactly one `<h1>`.
 */

/** Props of {@link HiddenPageTitle}. */
export interface HiddenPageTitleProps {
  children: string;
}

/** An `<h1>` clipped to nothing (the usual visually-hidden pattern: still in the reading order). */
export function HiddenPageTitle({ children }: HiddenPageTitleProps) {
  return (
    <h1
      style={{
        position: 'absolute',
        width: 1,
        height: 1,
        padding: 0,
        margin: -1,
        overflow: 'hidden',
        clip: 'rect(0, 0, 0, 0)',
        whiteSpace: 'nowrap',
        border: 0,
      }}
    >
      {children}
    </h1>
  );
}
