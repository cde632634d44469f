/**
 * The user's own referral code and link, each with a copy button, and the five share buttons
 * (spec §2 "Referral page", §8, §9).
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Alert, Button, Flex, Input, Spin, Tooltip, Typography } from 'antd';
import {
  CopyOutlined,
  FacebookFilled,
  MailOutlined,
  SendOutlined,
  WhatsAppOutlined,
  XOutlined,
} from '@ant-design/icons';
import { copyToClipboard } from '../../components/content/clipboard';
import { useTexts } from '../../i18n/context';
import { fill, type Texts } from '../../i18n/translator';
import { referralLink } from './referralCode';
import { REFERRAL_TEXT } from './referralText';

/** How long 'Copied to clipboard!' shows, in milliseconds (spec §9). */
export const COPY_CONFIRMATION_MS = 2000;

/** The share card's texts in some language. */
type ShareTexts = Texts<typeof REFERRAL_TEXT.share>;

/** The share text (spec §2): 'Join ... with my referral code {code} and get bonus peanuts!'. */
export function shareText(code: string, texts: ShareTexts = REFERRAL_TEXT.share): string {
  return fill(texts.text, { code });
}

/** A share target: its button label and the URL it opens for `text` and `link`. */
export interface ShareTarget {
  name: 'Twitter' | 'Facebook' | 'WhatsApp' | 'Telegram' | 'Email';
  url: (text: string, link: string, subject: string) => string;
}

const q = encodeURIComponent;

/** The five share targets (spec §2), in button order. */
export const SHARE_TARGETS: readonly ShareTarget[] = [
  {
    name: 'Twitter',
    url: (text, link) => `https://twitter.com/intent/tweet?text=${q(text)}&url=${q(link)}`,
  },
  {
    name: 'Facebook',
    url: (text, link) => `https://www.facebook.com/sharer/sharer.php?u=${q(link)}&quote=${q(text)}`,
  },
  { name: 'WhatsApp', url: (text, link) => `https://wa.me/?text=${q(`${text} ${link}`)}` },
  {
    name: 'Telegram',
    url: (text, link) => `https://t.me/share/url?url=${q(link)}&text=${q(text)}`,
  },
  {
    name: 'Email',
    url: (text, link, subject) => `mailto:?subject=${q(subject)}&body=${q(`${text}\n\n${link}`)}`,
  },
];

const ICONS: Record<ShareTarget['name'], ReactNode> = {
  Twitter: <XOutlined />,
  Facebook: <FacebookFilled />,
  WhatsApp: <WhatsAppOutlined />,
  Telegram: <SendOutlined />,
  Email: <MailOutlined />,
};

/** A read-only value with a copy button; the hint reads 'Copied to clipboard!' for 2 s. */
function CopyBox({ label, hint, value }: { label: string; hint: string; value: string }) {
  const T = useTexts('referral', REFERRAL_TEXT).share;
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = async () => {
    clearTimeout(timer.current);
    try {
      await copyToClipboard(value);
      setState('copied');
    } catch {
      setState('failed');
    }
    timer.current = setTimeout(() => setState('idle'), COPY_CONFIRMATION_MS);
  };

  return (
    <Flex vertical gap={4}>
      <Typography.Text
        type={state === 'failed' ? 'danger' : state === 'copied' ? 'success' : undefined}
        role="status"
      >
        {state === 'copied' ? T.copied : state === 'failed' ? T.copyFailed : hint}
      </Typography.Text>
      <Flex gap="small">
        <Input
          aria-label={label}
          value={value}
          readOnly
          style={{ maxWidth: 480, fontFamily: 'monospace' }}
        />
        <Tooltip title={T.copy}>
          <Button
            icon={<CopyOutlined />}
            aria-label={fill(T.copyLabel, { label })}
            onClick={() => void copy()}
          />
        </Tooltip>
      </Flex>
    </Flex>
  );
}

/** Props of {@link ShareReferral}. */
export interface ShareReferralProps {
  /** The user's own code, undefined when not loaded. */
  code: string | undefined;
  loading: boolean;
  /** The code failed to load ('Failed to load referral code'). */
  failed: boolean;
}

/** The own-code box, the link box and the share buttons. */
export function ShareReferral({ code, loading, failed }: ShareReferralProps) {
  const T = useTexts('referral', REFERRAL_TEXT).share;
  const link = code ? referralLink(window.location.origin, code) : '';
  const share = (target: ShareTarget) => {
    if (!code) return;
    window.open(target.url(shareText(code, T), link, T.subject), '_blank', 'noopener,noreferrer');
  };

  return (
    <Flex vertical gap="middle">
      <Typography.Title level={3} style={{ margin: 0 }}>
        {T.title}
      </Typography.Title>
      {failed && <Alert type="error" showIcon title={T.loadFailed} />}
      {loading ? (
        <Spin aria-label={T.loadingCode} />
      ) : code ? (
        <>
          <CopyBox label={T.codeLabel} hint={T.codeHint} value={code} />
          <CopyBox label={T.linkLabel} hint={T.linkHint} value={link} />
        </>
      ) : (
        <Typography.Text type="warning">{T.noCode}</Typography.Text>
      )}
      <Flex gap="small" wrap aria-label={T.share}>
        {SHARE_TARGETS.map((target) => (
          <Button
            key={target.name}
            icon={ICONS[target.name]}
            disabled={loading || !code}
            onClick={() => share(target)}
          >
            {target.name === 'Email' ? T.email : target.name}
          </Button>
        ))}
      </Flex>
    </Flex>
  );
}
