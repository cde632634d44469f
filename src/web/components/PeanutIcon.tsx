/**
 * The peanut symbol: an inline SVG of the logo's peanut (an emoji shows as an empty box on a
 * machine without an emoji font), with an accessible name (`peanuts` by default), sized by the
 * surrounding text (1em) and coloured from the scheme's tokens.
 */
import { usePeanutTokens } from './tokens';
import { COMMON_TEXT } from './commonText';
import { useTexts } from '../i18n/context';

/** Props of {@link PeanutIcon}. */
export interface PeanutIconProps {
  /** The accessible name; empty hides the icon from assistive technology (decorative). */
  label?: string;
  /** Size in CSS units (default 1em: the text's size). */
  size?: number | string;
}

/** The peanut symbol, `role="img"` named `label`. */
export function PeanutIcon({ label: given, size = '1em' }: PeanutIconProps) {
  const text = useTexts('common', COMMON_TEXT);
  const label = given ?? text.peanuts;
  const { peanutFill, peanutStroke } = usePeanutTokens();
  const named = label !== '';
  return (
    <svg
      viewBox="0 0 64 64"
      width={size}
      height={size}
      role={named ? 'img' : undefined}
      aria-label={named ? label : undefined}
      aria-hidden={named ? undefined : true}
      focusable="false"
      data-peanut-icon=""
      style={{ verticalAlign: '-0.125em', display: 'inline-block' }}
    >
      <path
        transform="rotate(-35 32 32)"
        d="M32 4c9 0 15 6.5 15 14.5 0 5-2.6 8.3-4.2 10.8-1 1.6-1 3.8 0 5.4 1.6 2.5 4.2 5.8 4.2 10.8C47 53.5 41 60 32 60s-15-6.5-15-14.5c0-5 2.6-8.3 4.2-10.8 1-1.6 1-3.8 0-5.4C19.6 26.8 17 23.5 17 18.5 17 10.5 23 4 32 4z"
        fill={peanutFill}
        stroke={peanutStroke}
        strokeWidth={4}
        strokeLinejoin="round"
      />
    </svg>
  );
}
