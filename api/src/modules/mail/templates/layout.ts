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
  /** Small links under the lines (a digest's Open, Done, Snooze 1 week). */
  links?: { label: string; url: string }[];
}

/** A titled list of items ("Overdue", "Coming up this week"). */
export interface LayoutGroup {
  title: string;
  items: LayoutItem[];
  /** A line after the list ("and 4 more"), linking somewhere. */
  more?: { label: string; url: string };
}

interface LayoutInput {
  subject: string;
  greetingName: string;
  paragraphs: string[];
  items?: LayoutItem[];
  groups?: LayoutGroup[];
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
  groups = [],
  action,
  footnote,
  unsubscribe,
}: LayoutInput): RenderedMail {
  const text = [
    `Hi ${greetingOf(greetingName)},`,
    '',
    ...paragraphs.flatMap((p) => [p, '']),
    ...items.flatMap(itemText),
    ...groups.flatMap((group) => [
      group.title.toUpperCase(),
      '',
      ...group.items.flatMap(itemText),
      ...(group.more ? [`${group.more.label}: ${group.more.url}`, ''] : []),
    ]),
    ...(action ? [`${action.label}: ${action.url}`, ''] : []),
    ...(footnote ? [footnote, ''] : []),
    '— Tend',
    ...(unsubscribe ? ['', `${unsubscribe.label}: ${unsubscribe.url}`] : []),
  ].join('\n');
  const list =
    itemsHtml(items) +
    groups
      .map(
        (group) =>
          `<h2 style="font-size:13px;letter-spacing:0.04em;text-transform:uppercase;color:#5b6470;margin:24px 0 0">${escapeHtml(group.title)}</h2>${itemsHtml(group.items)}${
            group.more
              ? `<p style="font-size:14px;margin:0 0 16px"><a href="${escapeHtml(group.more.url)}" style="color:#2f5d50">${escapeHtml(group.more.label)}</a></p>`
              : ''
          }`,
      )
      .join('');
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

function itemText(item: LayoutItem): string[] {
  return [
    `* ${item.heading}`,
    ...item.lines.map((line) => `  ${line}`),
    ...(item.links?.length ? item.links.map((link) => `  ${link.label}: ${link.url}`) : [`  ${item.url}`]),
    '',
  ];
}

function itemsHtml(items: readonly LayoutItem[]): string {
  if (items.length === 0) return '';
  return `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="margin:8px 0 16px">${items
    .map(
      (item) =>
        `<tr><td style="padding:12px 0;border-top:1px solid #e3e6e1"><a href="${escapeHtml(item.url)}" style="font-size:16px;font-weight:600;color:#2f5d50;text-decoration:none">${escapeHtml(item.heading)}</a>${item.lines
          .map((line) => `<div style="font-size:14px;line-height:1.5;color:#3d464d">${escapeHtml(line)}</div>`)
          .join('')}${
          item.links?.length
            ? `<div style="font-size:14px;line-height:1.5;margin-top:6px">${item.links
                .map(
                  (link) =>
                    `<a href="${escapeHtml(link.url)}" style="color:#2f5d50;font-weight:600;margin-right:16px">${escapeHtml(link.label)}</a>`,
                )
                .join('')}</div>`
            : ''
        }</td></tr>`,
    )
    .join('')}</table>`;
}
