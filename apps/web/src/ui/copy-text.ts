/**
 * Puts `text` on the clipboard: the Clipboard API where the page may use it (HTTPS, localhost), else
 * the older copy command on a hidden text area (a console served over plain HTTP on an intranet).
 */
export async function copyText(text: string): Promise<void> {
  if (globalThis.isSecureContext && navigator.clipboard) {
    await navigator.clipboard.writeText(text);
    return;
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.append(area);
  area.select();
  try {
    if (!document.execCommand('copy')) throw new Error('copy refused');
  } finally {
    area.remove();
  }
}
