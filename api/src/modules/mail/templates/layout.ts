import { escapeHtml } from '../../../infra/html/escape-html';

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

interface LayoutInput {
  subject: string;
  greetingName: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  footnote?: string;
}

/** One calm layout for every message: a greeting, short paragraphs, one button, a plain-text twin. */
export function renderLayout({ subject, greetingName, paragraphs, action, footnote }: LayoutInput): RenderedMail {
  const text = [
    `Hi ${greetingName},`,
    '',
    ...paragraphs.flatMap((p) => [p, '']),
    ...(action ? [`${action.label}: ${action.url}`, ''] : []),
    ...(footnote ? [footnote, ''] : []),
    '— Tend',
  ].join('\n');
  const button = action
    ? `<p style="margin:28px 0"><a href="${escapeHtml(action.url)}" style="background:#2f5d50;color:#ffffff;padding:12px 22px;border-radius:8px;text-decoration:none;font-weight:600;display:inline-block">${escapeHtml(action.label)}</a></p>
<p style="font-size:13px;color:#5b6470">If the button does not work, paste this address into your browser:<br><span style="word-break:break-all">${escapeHtml(action.url)}</span></p>`
    : '';
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;background:#f4f5f2;font-family:-apple-system,Segoe UI,Helvetica,Arial,sans-serif;color:#1d2428">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:12px;padding:32px">
<tr><td>
<p style="font-size:20px;font-weight:700;color:#2f5d50;margin:0 0 24px">Tend</p>
<p style="font-size:16px;margin:0 0 16px">Hi ${escapeHtml(greetingName)},</p>
${paragraphs.map((p) => `<p style="font-size:16px;line-height:1.5;margin:0 0 16px">${escapeHtml(p)}</p>`).join('\n')}
${button}
${footnote ? `<p style="font-size:13px;color:#5b6470;margin:24px 0 0">${escapeHtml(footnote)}</p>` : ''}
</td></tr></table></td></tr></table></body></html>`;
  return { subject, text, html };
}
