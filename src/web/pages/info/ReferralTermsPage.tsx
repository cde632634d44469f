/**
 * /referral/terms (spec §1): the referral program terms, with the reward amount and the
 * hold period the server publishes in `/app-config.json` (5 peanuts and no hold when absent),
 * in the language in force.
 */
import { formatDuration } from '../../../core/format';
import { useAppSelector } from '../../app/hooks';
import { selectAppConfig } from '../../app/appConfigSlice';
import { InfoPage } from '../../components/content/InfoPage';
import {
  referralSettingsOf,
  type ReferralSettings,
} from '../../features/referral/referralSettings';
import { useTexts, useTranslator } from '../../i18n/context';
import { localizeNumber } from '../../i18n/format';
import { INTL_LOCALES, type Language } from '../../i18n/languages';
import { fill, type Texts } from '../../i18n/translator';
import { slugify } from '../../lib/slug';
import { InfoText, sectionsOf } from './InfoText';
import { REFERRAL_TERMS_TEXT } from './referralTermsText';

type TermsTexts = Texts<typeof REFERRAL_TERMS_TEXT>;

/**
 * The sentence on the reward amounts, e.g. 'You and your friend each receive 5 peanuts.'
 * (amounts rounded to hundredths), in `language` (English by default).
 */
export function rewardSentence(
  settings: ReferralSettings,
  texts: TermsTexts = REFERRAL_TERMS_TEXT,
  language: Language = 'en',
): string {
  const count = Number(settings.rewardPeanuts.toFixed(2));
  const category = new Intl.PluralRules(INTL_LOCALES[language]).select(count);
  const form = category === 'one' ? texts.peanuts.one : texts.peanuts.other;
  const amount = fill(form, { count: localizeNumber(language, String(count)) });
  return fill(texts.reward, { amount });
}

const UNITS: readonly (readonly ['day' | 'hour' | 'minute' | 'second', number])[] = [
  ['day', 86400],
  ['hour', 3600],
  ['minute', 60],
  ['second', 1],
];

/**
 * `seconds` as core/format's formatDuration writes them (the largest non-zero unit and the next
 * one when non-zero, e.g. `1 day 1 hour`), in the words of Intl `locale` (`1 Tag, 1 Stunde`,
 * `1 日1 時間`), without dayjs in the page's chunk.
 */
function durationIn(locale: string, seconds: number): string {
  let rest = Math.floor(seconds);
  const parts = UNITS.map(([unit, size]) => {
    const count = Math.floor(rest / size);
    rest -= count * size;
    return [unit, count] as const;
  });
  const found = parts.findIndex(([, count]) => count > 0);
  const first = found < 0 ? parts.length - 1 : found;
  const shown = parts.slice(first, first + 2).filter(([, count], i) => i === 0 || count > 0);
  const words = shown.map(([unit, count]) =>
    new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'long' }).format(count),
  );
  return new Intl.ListFormat(locale, { style: 'narrow', type: 'unit' }).format(words);
}

/**
 * The sentence on the hold period, e.g. 'Rewards are held for 2 days after the qualifying
 * purchase before they are released to your balance.', in `language` (English by default).
 */
export function holdSentence(
  settings: ReferralSettings,
  texts: TermsTexts = REFERRAL_TERMS_TEXT,
  language: Language = 'en',
): string {
  if (settings.holdSeconds <= 0) return texts.notHeld;
  const duration =
    language === 'en'
      ? formatDuration(settings.holdSeconds)
      : durationIn(INTL_LOCALES[language], settings.holdSeconds);
  return fill(texts.held, { duration });
}

/** /referral/terms: the referral program terms (spec §1). */
export default function ReferralTermsPage() {
  const settings = referralSettingsOf(useAppSelector(selectAppConfig));
  const T = useTexts('referralTerms', REFERRAL_TERMS_TEXT);
  const { language } = useTranslator();
  const { rewards } = T.sections;
  const texts = {
    ...T.sections,
    rewards: {
      title: rewards.title,
      items: {
        reward: rewardSentence(settings, T, language),
        hold: holdSentence(settings, T, language),
        ...rewards.items,
      },
    },
  };
  return (
    <InfoPage
      title={T.title}
      titleId={slugify(REFERRAL_TERMS_TEXT.title)}
      intro={
        <p>
          <InfoText text={settings.enabled ? T.intro : T.introDisabled} />
        </p>
      }
      sections={sectionsOf(texts, REFERRAL_TERMS_TEXT.sections, { ids: { support: 'support' } })}
    />
  );
}
