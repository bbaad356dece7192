import { escapeHtml } from '../../../infra/html/escape-html';

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
  /** Extra headers (List-Unsubscribe on reminder emails). */
  headers?: Record<string, string>;
}

/** One entry of a list in the message (a follow-up): a heading that links, and its lines. */
export interface LayoutItem {
  heading: string;
  url: string;
  lines: string[];
}

interface LayoutInput {
  subject: string;
  greetingName: string;
  paragraphs: string[];
  items?: LayoutItem[];
  action?: { label: string; url: string };
  footnote?: string;
  /** A way out of this kind of email, shown small at the end. */
  unsubscribe?: { label: string; url: string };
}

/**
 * How an email greets: by the first name ("Hi Ada,"), as a person would write; the full name read
 * like a form letter (issue 27 point 15). A name with no space (many Chinese or Japanese names as
 * typed) is used whole.
 */
export function greetingOf(name: string): string {
  const trimmed = name.trim();
  return trimmed.split(/\s+/)[0] || trimmed;
}

/** One calm layout for every message: a greeting, short paragraphs, one button, a plain-text twin. */
export function renderLayout({
  subject,
  greetingName,
  paragraphs,
  items = [],
  action,
  footnote,
  unsubscribe,
}: LayoutInput): RenderedMail {
  const text = [
    `Hi ${greetingOf(greetingName)},`,
    '',
    ...paragraphs.flatMap((p) => [p, '']),
    ...items.flatMap((item) => [`* ${item.heading}`, ...item.lines.map((line) => `  ${line}`), `  ${item.url}`, '']),
    ...(action ? [`${action.label}: ${action.url}`, ''] : []),
    ...(footnote ? [footnote, ''] : []),
    '— Tend',
    ...(unsubscribe ? ['', `${unsubscribe.label}: ${unsubscribe.url}`] : []),
  ].join('\n');
  const list = items.length
    ? `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="margin:8px 0 16px">${items
        .map(
          (item) =>
            `<tr><td style="padding:12px 0;border-top:1px solid #e3e6e1"><a href="${escapeHtml(item.url)}" style="font-size:16px;font-weight:600;color:#2f5d50;text-decoration:none">${escapeHtml(item.heading)}</a>${item.lines
              .map((line) => `<div style="font-size:14px;line-height:1.5;color:#3d464d">${escapeHtml(line)}</div>`)
              .join('')}</td></tr>`,
        )
        .join('')}</table>`
    : '';
  const button = action
    ? `<p style="margin:28px 0"><a href="${escapeHtml(action.url)}" style="background:#2f5d50;color:#ffffff;padding:12px 22px;border-radius:8px;text-decoration:none;font-weight:600;display:inline-block">${escapeHtml(action.label)}</a></p>
<p style="font-size:13px;color:#5b6470">If the button does not work, paste this address into your browser:<br><span style="word-break:break-all">${escapeHtml(action.url)}</span></p>`
    : '';
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;background:#f4f5f2;font-family:-apple-system,Segoe UI,Helvetica,Arial,PingFang SC,Hiragino Sans,Microsoft YaHei,Noto Sans CJK SC,sans-serif;color:#1d2428">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:12px;padding:32px">
<tr><td>
<p style="font-size:20px;font-weight:700;color:#2f5d50;margin:0 0 24px">Tend</p>
<p style="font-size:16px;margin:0 0 16px">Hi ${escapeHtml(greetingOf(greetingName))},</p>
${paragraphs.map((p) => `<p style="font-size:16px;line-height:1.5;margin:0 0 16px">${escapeHtml(p)}</p>`).join('\n')}
${list}
${button}
${footnote ? `<p style="font-size:13px;color:#5b6470;margin:24px 0 0">${escapeHtml(footnote)}</p>` : ''}
${unsubscribe ? `<p style="font-size:12px;color:#5b6470;margin:24px 0 0"><a href="${escapeHtml(unsubscribe.url)}" style="color:#5b6470">${escapeHtml(unsubscribe.label)}</a></p>` : ''}
</td></tr></table></td></tr></table></body></html>`;
  return { subject, text, html };
}
