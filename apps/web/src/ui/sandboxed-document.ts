/**
 * An e-mail's HTML as a document for `<iframe sandbox="" srcDoc=…>`, with a CSP that forbids scripts,
 * plugins and any load from the network (the template preview and the mail outbox show bodies this way).
 */
export function sandboxedDocument(html: string): string {
  const csp = "default-src 'none'; img-src data:; style-src 'unsafe-inline'; font-src data:";
  return [
    '<!doctype html><html><head><meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="${csp}">`,
    '<style>body{font-family:system-ui,sans-serif;font-size:14px;margin:12px;overflow-wrap:anywhere}</style>',
    '</head><body>',
    html,
    '</body></html>',
  ].join('');
}
