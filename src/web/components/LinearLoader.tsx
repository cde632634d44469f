/**
 * A thin animated bar that says "loading" without taking room (app-level auth progress, the
 * pricing list while empty): drawn as antd's small active Progress at 100% is (a rounded 6 px bar
 * in the theme's info colour, a light sweep across it) from the theme's tokens, without antd's
 * Progress (`/` shows one while its packs load).
 */
import { useEffect, useRef } from 'react';
import { theme } from 'antd';
import { COMMON_TEXT } from './commonText';
import { useTexts } from '../i18n/context';

/** Props of {@link LinearLoader}. */
export interface LinearLoaderProps {
  /** Accessible name of the bar; default 'Loading'. */
  label?: string;
}

/** An indeterminate-looking linear progress bar (role `progressbar`, named by `label`). */
export function LinearLoader({ label: given }: LinearLoaderProps) {
  const common = useTexts('common', COMMON_TEXT);
  const label = given ?? common.loading;
  const { cssVar } = theme.useToken();
  const sweep = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = sweep.current;
    // The sweep of antd's active bar; jsdom and old browsers have no Web Animations.
    if (!element || typeof element.animate !== 'function') return undefined;
    const animation = element.animate(
      [
        { transform: 'translateX(-100%) scaleX(0)', opacity: 0.1 },
        { transform: 'translateX(-100%) scaleX(0)', opacity: 0.5, offset: 0.2 },
        { transform: 'translateX(0) scaleX(1)', opacity: 0 },
      ],
      { duration: 2400, easing: 'cubic-bezier(0.23, 1, 0.32, 1)', iterations: Infinity },
    );
    return () => animation.cancel();
  }, []);
  return (
    <div role="progressbar" aria-label={label} style={{ padding: '4px 0', lineHeight: 0 }}>
      <div
        style={{
          position: 'relative',
          overflow: 'hidden',
          height: 6,
          borderRadius: 100,
          background: cssVar.colorInfo,
        }}
      >
        <div
          ref={sweep}
          style={{
            position: 'absolute',
            inset: 0,
            borderRadius: 100,
            background: cssVar.colorBgContainer,
            opacity: 0,
            transformOrigin: 'left',
          }}
        />
      </div>
    </div>
  );
}
