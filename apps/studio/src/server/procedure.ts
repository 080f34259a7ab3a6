import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';

/**
 * The published fairness procedure (docs/fairness.md, copied into the public folder by the build):
 * `/fair/procedure` as a page a player reaches from /fair, `/fair/procedure.md` as the Markdown itself,
 * whose JSON blocks a checking program reads (decision 0028).
 */
export const registerProcedure = (app: FastifyInstance, publicDir: string) => {
  const read = () => {
    const file = path.join(publicDir, 'fairness.md');
    return fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : undefined;
  };
  app.get('/fair/procedure.md', async (_request, reply) => {
    const markdown = read();
    if (markdown === undefined) return reply.status(404).send({ error: 'not found' });
    return reply.type('text/markdown; charset=utf-8').send(markdown);
  });
  app.get('/fair/procedure', async (_request, reply) => {
    const markdown = read();
    if (markdown === undefined) return reply.status(404).send({ error: 'not found' });
    return reply.type('text/html; charset=utf-8').send(procedurePage(markdown));
  });
};

const escape = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Inline Markdown of the document: `code`, **bold** and [links](url); everything else is text. */
const inline = (text: string) =>
  text
    .split(/(`[^`]*`)/)
    .map((part) =>
      part.startsWith('`') && part.endsWith('`') && part.length > 1
        ? `<code>${escape(part.slice(1, -1))}</code>`
        : escape(part)
            .replace(/\*\*(.+?)\*\*/g, '<strong>$1</strong>')
            .replace(/\[([^\]]+)\]\(([^)\s]+)\)/g, '<a href="$2">$1</a>'),
    )
    .join('');

type Item = { ordered: boolean; indent: number; text: string; children: Item[] };
const LIST_ITEM = /^(\s*)(-|\d+\.) (.*)$/;

const list = (items: Item[]): string => {
  const tag = items[0]!.ordered ? 'ol' : 'ul';
  return `<${tag}>${items
    .map((item) => `<li>${inline(item.text)}${item.children.length ? list(item.children) : ''}</li>`)
    .join('')}</${tag}>`;
};

/**
 * The subset of Markdown the generated document uses (headings, paragraphs, nested lists, tables,
 * fenced code, HTML comments), rendered here so the studio needs no Markdown library.
 */
export const renderMarkdown = (markdown: string): string => {
  const lines = markdown.replace(/<!--[\s\S]*?-->/g, '').split('\n');
  const html: string[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i]!;
    if (line.trim() === '') {
      i++;
    } else if (line.startsWith('```')) {
      const info = line.slice(3).trim();
      const body: string[] = [];
      for (i++; i < lines.length && !lines[i]!.startsWith('```'); i++) body.push(lines[i]!);
      i++;
      html.push(
        `<pre${info ? ` data-block="${escape(info)}"` : ''}><code>${escape(body.join('\n'))}</code></pre>`,
      );
    } else if (/^#{1,6} /.test(line)) {
      const level = line.indexOf(' ');
      html.push(`<h${level}>${inline(line.slice(level + 1))}</h${level}>`);
      i++;
    } else if (line.startsWith('|')) {
      const rows: string[][] = [];
      for (; i < lines.length && lines[i]!.startsWith('|'); i++)
        rows.push(
          lines[i]!.trim()
            .slice(1, -1)
            .split('|')
            .map((cell) => cell.trim()),
        );
      const [head, , ...body] = rows;
      html.push(
        `<div class="scroll"><table><thead><tr>${head!.map((c) => `<th>${inline(c)}</th>`).join('')}</tr></thead><tbody>${body
          .map((row) => `<tr>${row.map((c) => `<td>${inline(c)}</td>`).join('')}</tr>`)
          .join('')}</tbody></table></div>`,
      );
    } else if (LIST_ITEM.test(line)) {
      const roots: Item[] = [];
      const stack: Item[] = [];
      for (; i < lines.length && lines[i]!.trim() !== ''; i++) {
        const match = LIST_ITEM.exec(lines[i]!);
        if (!match) {
          stack[stack.length - 1]!.text += ` ${lines[i]!.trim()}`;
          continue;
        }
        const item: Item = {
          ordered: match[2] !== '-',
          indent: match[1]!.length,
          text: match[3]!,
          children: [],
        };
        while (stack.length && stack[stack.length - 1]!.indent >= item.indent) stack.pop();
        (stack.length ? stack[stack.length - 1]!.children : roots).push(item);
        stack.push(item);
      }
      html.push(list(roots));
    } else {
      const paragraph = [line.trim()];
      for (
        i++;
        i < lines.length && lines[i]!.trim() !== '' && !/^(#|```|\||\s*- |\s*\d+\. )/.test(lines[i]!);
        i++
      )
        paragraph.push(lines[i]!.trim());
      html.push(`<p>${inline(paragraph.join(' '))}</p>`);
    }
  }
  return html.join('\n');
};

const procedurePage = (markdown: string) => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Provably fair: the exact procedure</title>
<link rel="stylesheet" href="/static/studio.css">
</head>
<body class="studio studio--fair">
<main class="procedure">
<p><a href="/fair">Check a round</a> · <a href="/fair/procedure.md">This document as Markdown</a></p>
${renderMarkdown(markdown)}
</main>
</body>
</html>`;
