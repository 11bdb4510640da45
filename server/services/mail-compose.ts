import type { Mail } from './mail.ts';

export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** A paragraph of a composed mail: words, or words and a link (shown as its address in the text part). */
export type MailLine = string | { label: string; url: string };

/**
 * A one-language mail in the shop's plain style (mail-templates.ts writes the bilingual ones): each line a
 * paragraph, links on their own line, the shop's name last.
 */
export function composeMail(to: string, subject: string, lines: readonly MailLine[], extra: { headers?: Record<string, string>; footer?: readonly MailLine[] } = {}): Mail {
  const textOf = (l: MailLine) => (typeof l === 'string' ? l : `${l.label}: ${l.url}`);
  const htmlOf = (l: MailLine) =>
    typeof l === 'string' ? `<p>${escapeHtml(l)}</p>` : `<p>${escapeHtml(l.label)}: <a href="${escapeHtml(l.url)}">${escapeHtml(l.url)}</a></p>`;
  const footer = extra.footer ?? [];
  const text = [...lines.map(textOf), '', 'Sip & Gather', ...(footer.length ? ['', ...footer.map(textOf)] : [])].join('\n');
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1f1d1a;max-width:560px">${lines.map(htmlOf).join('')}<p style="color:#6b645a">Sip &amp; Gather</p>${
    footer.length ? `<hr><div style="color:#6b645a;font-size:13px">${footer.map(htmlOf).join('')}</div>` : ''
  }</body></html>`;
  return { to, subject, text, html, ...(extra.headers ? { headers: extra.headers } : {}) };
}
