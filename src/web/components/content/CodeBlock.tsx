import { useEffect, useRef, useState } from 'react';
import { Button, Typography, theme } from 'antd';
import { CheckOutlined, CopyOutlined } from '@ant-design/icons';
import { useTexts } from '../../i18n/context';
import { fill } from '../../i18n/translator';
import { COMMON_TEXT } from '../commonText';
import { copyToClipboard } from './clipboard';

/** How long the 'Copied' feedback stays, in milliseconds (spec §9 copy confirmation). */
export const COPIED_FEEDBACK_MS = 2000;

/** Props of {@link CodeBlock}. */
export interface CodeBlockProps {
  /** The code, shown as is and copied verbatim. */
  children: string;
  /** Accessible name of the block, e.g. 'shell'. */
  language?: string;
}

type CopyState = 'idle' | 'copied' | 'failed';

/**
 * A preformatted code block with a copy button (spec §2 "Page conventions"). A successful copy
 * shows 'Copied' for two seconds; a failed one shows 'Failed to copy to clipboard' (spec §8), in
 * the language in force (the common texts).
 */
export function CodeBlock({ children, language = 'shell' }: CodeBlockProps) {
  const { token } = theme.useToken();
  const text = useTexts('common', COMMON_TEXT);
  const [state, setState] = useState<CopyState>('idle');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const onCopy = async () => {
    clearTimeout(timer.current);
    try {
      await copyToClipboard(children);
      setState('copied');
      timer.current = setTimeout(() => setState('idle'), COPIED_FEEDBACK_MS);
    } catch {
      setState('failed');
    }
  };

  return (
    <div style={{ position: 'relative', marginBottom: token.marginMD }}>
      <pre
        aria-label={fill(text.codeLabel, { language })}
        style={{
          margin: 0,
          padding: `${token.paddingSM}px ${token.padding}px`,
          paddingInlineEnd: 96,
          background: token.colorFillQuaternary,
          border: `1px solid ${token.colorBorderSecondary}`,
          borderRadius: token.borderRadius,
          overflowX: 'auto',
          fontSize: token.fontSizeSM,
        }}
      >
        <code>{children}</code>
      </pre>
      <Button
        size="small"
        type="text"
        icon={state === 'copied' ? <CheckOutlined /> : <CopyOutlined />}
        onClick={onCopy}
        aria-label={state === 'copied' ? text.copied : text.copyCode}
        style={{ position: 'absolute', top: 6, insetInlineEnd: 6 }}
      >
        {state === 'copied' ? text.copied : text.copy}
      </Button>
      {state === 'failed' && (
        <Typography.Text type="danger" role="alert">
          {text.copyFailed}
        </Typography.Text>
      )}
    </div>
  );
}
