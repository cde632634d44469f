/**
 * The browser side effects of the VPN list's actions (spec §2 "VPN list" > Actions): saving the
 * decoded .conf file through a Blob and an object URL, and the QR code window.
 */

/** Error when the QR window is blocked (spec §2, §8). */
export const WINDOW_BLOCKED_MESSAGE = 'Could not open new window';
/** The QR window's instruction (spec §2). */
export const QR_SCAN_INSTRUCTION =
  'Scan this QR code with your phone in the WireGuard app to import the VPN configuration.';

/** Heading of the QR window: it names the VPN (spec §2). */
export function qrHeading(vpnId: string): string {
  return `VPN ${vpnId}`;
}

/** Saves `text` as a file named `fileName` (a download through a temporary link). */
export function saveTextFile(fileName: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.appendChild(link);
  try {
    link.click();
  } finally {
    link.remove();
    // Revoked later: revoking at once can cancel the download in some browsers.
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  }
}

/**
 * Opens an empty window for the QR code, synchronously in the click's task so that popup
 * blockers see the user's gesture. Returns null when the window was blocked.
 */
export function openBlankWindow(): Window | null {
  return window.open('', '_blank');
}

/** Fills the QR window: heading naming the VPN, the instruction, and the image or a status line. */
export function renderQrWindow(
  win: Window,
  vpnId: string,
  content: { dataUrl: string } | { status: string },
): void {
  const doc = win.document;
  doc.title = `QR code of ${qrHeading(vpnId)}`;
  const body = doc.body ?? doc.documentElement.appendChild(doc.createElement('body'));
  body.replaceChildren();
  body.style.fontFamily = 'system-ui, sans-serif';
  body.style.textAlign = 'center';
  body.style.padding = '24px';
  const heading = doc.createElement('h1');
  heading.textContent = qrHeading(vpnId);
  const instruction = doc.createElement('p');
  instruction.textContent = QR_SCAN_INSTRUCTION;
  body.append(heading, instruction);
  if ('dataUrl' in content) {
    const image = doc.createElement('img');
    image.src = content.dataUrl;
    image.alt = `QR code of the WireGuard configuration of ${qrHeading(vpnId)}`;
    image.style.imageRendering = 'pixelated';
    image.style.width = '320px';
    image.style.maxWidth = '100%';
    body.append(image);
  } else {
    const status = doc.createElement('p');
    status.textContent = content.status;
    body.append(status);
  }
}
