/**
 * The QR code of a VPN's config (spec §2 "QRCode", §7 `GET /v1/vpns/{vpnId}/qrconfig`): a PNG
 * that the WireGuard mobile apps scan to import the tunnel.
 */
import QRCode from 'qrcode';

/** Pixels per QR module: a config (about 350 characters) gives a PNG of roughly 400 px. */
export const QR_SCALE = 6;
/** Quiet zone around the code, in modules (the QR standard asks for 4). */
export const QR_MARGIN = 4;

/** The PNG image of a QR code holding `text` (error correction M), base64. */
export async function qrPngBase64(text: string): Promise<string> {
  const png = await QRCode.toBuffer(text, {
    type: 'png',
    errorCorrectionLevel: 'M',
    margin: QR_MARGIN,
    scale: QR_SCALE,
  });
  return png.toString('base64');
}
