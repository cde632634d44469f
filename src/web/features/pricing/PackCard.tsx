/**
 * One peanut pack (spec §2 "Pricing"): name, peanut count, price in USD, the duration
 * estimates and an action button.
 */
import type { ReactNode } from 'react';
import { Flex } from 'antd';
import { packEstimates, roughDurationOf, type PeanutsPack } from '../../../core/packs';
import { useTexts, useTranslator } from '../../i18n/context';
import { formatUsdIn } from '../../i18n/format';
import { INTL_LOCALES, type Language } from '../../i18n/languages';
import { fill, plural, type Texts } from '../../i18n/translator';
import { Panel } from '../../components/Panel';
import { Text } from '../../components/typography';

/** Formats a price in US dollars, e.g. `$2.71 USD`. */
export function formatUsd(price: number): string {
  return formatUsdIn('en', price);
}

/**
 * The packs' texts (English; namespace `pack`). In English a pack's estimates are the API's own
 * lines (spec §2); another language writes them from the pack's peanuts with these.
 */
export const PACK_TEXT = {
  peanuts: 'peanuts',
  buy: 'Buy',
  signIn: 'Sign In',
  loading: 'Loading peanut packs',
  idle: 'About {{duration}} of an idle VPN',
  light: 'About {{duration}} with 1 MiB of traffic per hour',
  traffic: 'Or up to {{mib}} MiB of traffic',
  hours: { one: '{{count}} hour', other: '{{count}} hours' },
  minutes: { one: '{{count}} minute', other: '{{count}} minutes' },
} as const;

/** The estimates of `pack` in `language` (the API's lines in English). */
export function packLines(
  pack: PeanutsPack,
  language: Language,
  text: Texts<typeof PACK_TEXT>,
): string[] {
  if (language === 'en') return pack.description;
  const locale = INTL_LOCALES[language];
  const rough = (seconds: number) => {
    const { unit, count } = roughDurationOf(seconds);
    return plural(locale, count, unit === 'hour' ? text.hours : text.minutes);
  };
  const { idleSeconds, lightSeconds, trafficMiB } = packEstimates(pack.peanuts);
  return [
    fill(text.idle, { duration: rough(idleSeconds) }),
    fill(text.light, { duration: rough(lightSeconds) }),
    fill(text.traffic, { mib: new Intl.NumberFormat(locale).format(trafficMiB) }),
  ];
}

/** Props of {@link PackCard}. */
export interface PackCardProps {
  pack: PeanutsPack;
  /** The button: Buy when signed in, Sign In otherwise. */
  action: ReactNode;
}

/** A card describing a pack. */
export function PackCard({ pack, action }: PackCardProps) {
  const { language } = useTranslator();
  const text = useTexts('pack', PACK_TEXT);
  return (
    <Panel
      element="article"
      title={pack.name}
      style={{ height: '100%', display: 'flex', flexDirection: 'column' }}
      bodyStyle={{ flex: 1, display: 'flex', flexDirection: 'column', gap: 12 }}
    >
      <Flex align="baseline" gap="small" wrap>
        <Text strong style={{ fontSize: 28 }}>
          {pack.peanuts}
        </Text>
        <Text>{text.peanuts}</Text>
      </Flex>
      <Text style={{ fontSize: 18 }}>{formatUsdIn(language, pack.price)}</Text>
      <ul style={{ margin: 0, paddingInlineStart: 20, flex: 1 }}>
        {packLines(pack, language, text).map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <div>{action}</div>
    </Panel>
  );
}
