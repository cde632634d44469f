/**
 * The configuration panel (spec §2 "Configuration panel"): the delete-after and max-peanuts
 * sliders of the next VPN, with the range, step and default rules of core `vpnPanel.ts`, the
 * limits from the id token's `custom:config` claim and the balance. What it shows comes from
 * `selectCreateSettings`, the selector the create saga sends from.
 */
import { useEffect } from 'react';
import { Alert, Card, Flex, Skeleton, Slider, Typography } from 'antd';
import { formatPeanuts } from '../../../core/format';
import { effectiveMaxPeanuts } from '../../../core/vpnPanel';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { humanDuration } from '../../lib/time';
import { useGetBalanceQuery } from '../balance';
import { selectCreateSettings } from './createSettings';
import {
  deleteAfterChanged,
  maxPeanutsChanged,
  selectVpnLimits,
  selectVpnLimitsError,
  vpnLimitsRequested,
} from './vpnsSlice';
import { useTexts, useTranslator } from '../../i18n/context';
import { localizeNumber } from '../../i18n/format';
import type { Language } from '../../i18n/languages';
import { useMessageText } from '../../i18n/context';
import { fill, type Texts } from '../../i18n/translator';

/** Room at both ends for the marks' labels. */
const SLIDER_STYLE = { marginInline: 32 };

/** A slider mark kept on one line. */
function mark(label: string) {
  return { label, style: { whiteSpace: 'nowrap' as const } };
}

/** The panel's texts (English; namespace `configuration`). */
export const CONFIGURATION_TEXT = {
  title: 'Configuration',
  limitsUnavailable: 'Your VPN limits are unavailable: {{error}}',
  deleteAfter: 'Delete after',
  maxPeanuts: 'Max peanuts',
  peanuts: '{{peanuts}} peanuts',
  maximum: '0: the maximum, {{peanuts}} peanuts',
  allPeanuts: '0: all your peanuts',
  seconds: '{{duration}} ({{seconds}} s)',
  explanation:
    'The next VPN you create is deleted after this time, or once it has consumed its peanuts, whichever comes first.',
} as const;

type ConfigurationText = Texts<typeof CONFIGURATION_TEXT>;

/** The max-peanuts value as read: 0 names what it means (spec §2). */
export function maxPeanutsLabel(
  value: number,
  balance: number,
  limitMax: number,
  text: ConfigurationText = CONFIGURATION_TEXT,
  language: Language = 'en',
): string {
  const peanuts = (amount: number) => localizeNumber(language, formatPeanuts(amount));
  if (value > 0) return fill(text.peanuts, { peanuts: peanuts(value) });
  const effective = effectiveMaxPeanuts(value, balance, limitMax);
  return effective > 0 ? fill(text.maximum, { peanuts: peanuts(effective) }) : text.allPeanuts;
}

/** The delete-after value as read, e.g. `4 hours (14400 s)`. */
export function deleteAfterLabel(
  seconds: number,
  text: ConfigurationText = CONFIGURATION_TEXT,
  language: Language = 'en',
): string {
  return fill(text.seconds, { duration: humanDuration(seconds, language), seconds });
}

/** A slider tooltip of seconds in `language`. */
function durationTooltip(language: Language) {
  return { formatter: (value?: number) => humanDuration(value, language) };
}

/** The sliders of the next VPN's config. */
export function ConfigurationPanel() {
  const dispatch = useAppDispatch();
  const limits = useAppSelector(selectVpnLimits);
  const limitsError = useAppSelector(selectVpnLimitsError);
  const settings = useAppSelector((state) => selectCreateSettings(state));
  const message = useMessageText();
  // Keeps the balance loaded (and refreshed with its tag); read through the settings.
  useGetBalanceQuery();
  const text = useTexts('configuration', CONFIGURATION_TEXT);
  const { language } = useTranslator();

  useEffect(() => {
    dispatch(vpnLimitsRequested());
  }, [dispatch]);

  let body;
  if (limitsError) {
    body = (
      <Alert
        type="warning"
        showIcon
        title={fill(text.limitsUnavailable, { error: message(limitsError) })}
      />
    );
  } else if (!limits || !settings) {
    body = <Skeleton active paragraph={{ rows: 2 }} />;
  } else {
    const { deleteAfter: after, maxPeanuts: peanuts, balance } = settings;
    body = (
      <Flex vertical gap="middle">
        <div>
          <Typography.Text strong id="delete-after-label">
            {text.deleteAfter}
          </Typography.Text>{' '}
          <Typography.Text data-testid="delete-after-value">
            {deleteAfterLabel(after.value, text, language)}
          </Typography.Text>
          <Slider
            min={after.min}
            max={after.max}
            step={after.step}
            value={after.value}
            onChange={(value: number) => dispatch(deleteAfterChanged(value))}
            tooltip={durationTooltip(language)}
            marks={{
              [after.min]: mark(humanDuration(after.min, language)),
              [after.max]: mark(humanDuration(after.max, language)),
            }}
            ariaLabelledByForHandle="delete-after-label"
            style={SLIDER_STYLE}
          />
        </div>
        <div>
          <Typography.Text strong id="max-peanuts-label">
            {text.maxPeanuts}
          </Typography.Text>{' '}
          <Typography.Text data-testid="max-peanuts-value">
            {maxPeanutsLabel(
              peanuts.value,
              balance,
              limits.maxPeanutsFieldMaxValue,
              text,
              language,
            )}
          </Typography.Text>
          <Slider
            min={peanuts.min}
            max={peanuts.max}
            step={peanuts.step}
            value={peanuts.value}
            onChange={(value: number) => dispatch(maxPeanutsChanged(value))}
            marks={{ [peanuts.min]: '0', [peanuts.max]: String(peanuts.max) }}
            ariaLabelledByForHandle="max-peanuts-label"
            style={SLIDER_STYLE}
          />
        </div>
        <Typography.Text type="secondary">{text.explanation}</Typography.Text>
      </Flex>
    );
  }
  return (
    <Card title={text.title} size="small">
      {body}
    </Card>
  );
}
