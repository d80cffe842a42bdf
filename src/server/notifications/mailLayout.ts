import { escapeHtml } from '../../contract/html';

// One mail's parts, written as plain text and as HTML a mail client shows (docs/notifications.md,
// E-mail): every value escaped, styles inline as mail clients need them.

export interface MailLink {
  /** What the link leads to, e.g. "The change history". */
  label: string;
  url: string;
}

export interface MailParts {
  heading: string;
  /** Sentences before the facts, each a paragraph. */
  paragraphs: string[];
  /** Label and value, in this order. */
  facts: [string, string][];
  links: MailLink[];
  /** A titled block after the facts (the seller's legal details); null for none. */
  footer: { title: string; lines: string[] } | null;
}

/** In the head, as today's mail clients read it; the markup stays plain for the ones that do not. */
const MAIL_STYLE = `body { margin: 0; padding: 24px 16px; background: #ffffff; }
.mail { max-width: 600px; margin: 0 auto; font-family: Arial, Helvetica, sans-serif; color: #202124; font-size: 15px; line-height: 1.5; }
h1 { margin: 0 0 16px; font-size: 22px; }
p { margin: 0 0 12px; }
table { border-collapse: collapse; margin: 8px 0 16px; font-size: 15px; }
th { padding: 4px 16px 4px 0; vertical-align: top; font-weight: normal; color: #5f6368; white-space: nowrap; }
td { padding: 4px 0; vertical-align: top; }
a { color: #1a73e8; }
.seller { margin: 24px 0 0; padding: 16px 0 0; border-top: 1px solid #dadce0; font-size: 13px; color: #5f6368; }
.seller p { margin: 0 0 4px; font-weight: bold; }`;

function textOf(parts: MailParts): string {
  const lines = [parts.heading, '', ...parts.paragraphs.flatMap((paragraph) => [paragraph, ''])];
  lines.push(...parts.facts.map(([label, value]) => `${label}: ${value}`), '');
  for (const link of parts.links) lines.push(`${link.label}: ${link.url}`);
  if (parts.links.length > 0) lines.push('');
  if (parts.footer !== null) lines.push(`${parts.footer.title}:`, ...parts.footer.lines, '');
  return lines.join('\n');
}

function htmlOf(parts: MailParts): string {
  const paragraphs = parts.paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`);
  const rows = parts.facts.map(
    ([label, value]) =>
      `<tr><th scope="row" align="left">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`,
  );
  const links = parts.links.map(
    (link) =>
      `<p>${escapeHtml(link.label)}: <a href="${escapeHtml(link.url)}">${escapeHtml(link.url)}</a></p>`,
  );
  const footer =
    parts.footer === null
      ? []
      : [
          `<div class="seller">\n<p>${escapeHtml(parts.footer.title)}</p>`,
          ...parts.footer.lines.map((line) => `<div>${escapeHtml(line)}</div>`),
          '</div>',
        ];
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(parts.heading)}</title>
<style>
${MAIL_STYLE}
</style></head>
<body>
<div class="mail">
<h1>${escapeHtml(parts.heading)}</h1>
${[...paragraphs, '<table>', ...rows, '</table>', ...links, ...footer].join('\n')}
</div>
</body></html>
`;
}

/** The mail's plain text and HTML bodies, the same parts in each. */
export function bodiesOf(parts: MailParts): { text: string; html: string } {
  return { text: textOf(parts), html: htmlOf(parts) };
}
