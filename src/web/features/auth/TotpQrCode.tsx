/**
 * The QR code of an authenticator app's otpauth URI, with the secret spelled out for
 * apps that cannot scan. Drawn as SVG by `qrcode` (no canvas needed).
 */
import { useEffect, useState } from 'react';
import { Flex, Skeleton, Typography } from 'antd';
import QRCode from 'qrcode';
import { AUTH_TEXT } from './authText';
import { useAuthTexts } from './forms/authForm';

/** Props of {@link TotpQrCode}. */
export interface TotpQrCodeProps {
  /** `otpauth://totp/...` URI. */
  uri: string;
  /** The base32 secret inside it. */
  secret: string;
}

/** Alt text of the QR code image (English; namespace `auth`). */
export const QR_ALT = AUTH_TEXT.challenge.qrAlt;

/** Groups a base32 secret in fours, as apps show it. */
function grouped(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, '$1 ');
}

/** Shows `uri` as a scannable QR code and `secret` as text. */
export function TotpQrCode({ uri, secret }: TotpQrCodeProps) {
  const [svg, setSvg] = useState<string>();
  const C = useAuthTexts().challenge;
  useEffect(() => {
    let current = true;
    QRCode.toString(uri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }).then(
      (drawn) => current && setSvg(drawn),
      () => current && setSvg(undefined),
    );
    return () => {
      current = false;
    };
  }, [uri]);
  return (
    <Flex vertical align="center" gap="small" style={{ marginBottom: 16 }}>
      {svg ? (
        <img
          src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`}
          alt={C.qrAlt}
          width={180}
          height={180}
        />
      ) : (
        <Skeleton.Node active style={{ width: 180, height: 180 }} />
      )}
      <Typography.Text type="secondary">{C.enterKey}</Typography.Text>
      <Typography.Text code copyable={{ text: secret }} data-testid="totp-secret">
        {grouped(secret)}
      </Typography.Text>
    </Flex>
  );
}
