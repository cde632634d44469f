/**
 * Copying text to the clipboard (spec §2 "Code blocks have a copy button", §8).
 */

/**
 * The error message when neither the Clipboard API nor the fallback could copy (spec §8; shown
 * through the common texts' `copyFailed`, translated).
 */
export const COPY_FAILED_MESSAGE = 'Failed to copy to clipboard';

/**
 * The legacy way: select the text in a hidden textarea and run `document.execCommand('copy')`.
 * Returns whether the browser reports success.
 */
function copyWithTextarea(text: string): boolean {
  const textarea = document.createElement('textarea');
  textarea.value = text;
  textarea.setAttribute('readonly', '');
  textarea.style.position = 'fixed';
  textarea.style.top = '-1000px';
  textarea.style.opacity = '0';
  document.body.appendChild(textarea);
  try {
    textarea.select();
    return typeof document.execCommand === 'function' && document.execCommand('copy');
  } catch {
    return false;
  } finally {
    textarea.remove();
  }
}

/**
 * Copies `text` with `navigator.clipboard.writeText`, falling back to a hidden textarea and
 * `document.execCommand('copy')` when the Clipboard API is missing or refuses (insecure origin,
 * no permission). Rejects with {@link COPY_FAILED_MESSAGE} when both fail.
 */
export async function copyToClipboard(text: string): Promise<void> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return;
    }
  } catch {
    // Fall through to the textarea fallback.
  }
  if (!copyWithTextarea(text)) throw new Error(COPY_FAILED_MESSAGE);
}
