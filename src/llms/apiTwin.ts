import type {
  ApiBody,
  ApiOperation,
  ApiPageView,
  ApiParameter,
  ApiReferenceData,
  ApiSchema,
  ApiWebhook,
  ReferencePage,
  SchemaNode,
} from '../model/apiReference.ts';
import { substituteVariables, type Variables } from '../content/variables.ts';
import { proseLines } from '../markdown/proseLines.ts';
import { encodePath } from '../model/paths.ts';
import { twinRoute } from './llmsTxt.ts';

/** What an API reference page's twin needs besides its part of the reference. */
export interface ApiTwinContext {
  /** The site's origin and path up to (not including) its base URL: pages' `href`s carry the base already. */
  origin: string;
  variables: Variables;
  /** The description's root document: the tags' and the introduction's Markdown as written. */
  document: { info?: { description?: unknown }; tags?: { name?: unknown; description?: unknown }[] };
}

/**
 * One page of the API reference as Markdown, made from the model the page is rendered from (not
 * from its HTML): a `# ` title; the introduction, servers and authentication on the one page or
 * the overview (which lists the other pages' twins); then each operation in a section of its own
 * (`## ` on a tag page, `### ` under its tag's `## ` on the one page, as the page's outline has
 * them): `METHOD /path`, its description's Markdown as written, its parameters as a table, the
 * request body's fields (one level) and its responses, and the page's first request sample. The
 * schemas' pages list each named schema's fields. Descriptions inside tables are the page's
 * sanitized HTML as text, on one line; links are absolute, to the HTML page's sections.
 */
export function apiTwin(
  reference: ApiReferenceData,
  view: Pick<ApiPageView, 'page' | 'pages'>,
  context: ApiTwinContext,
): string {
  const { page, pages } = view;
  const here = pages.find((candidate) => candidate.route === page.route);
  const pageUrl = `${context.origin}${encodePath(here?.href ?? page.route)}`;
  const link = (href: string) => (href.startsWith('#') ? `${pageUrl}${href}` : `${context.origin}${href}`);
  const out: string[] = [];
  const introduction = page.kind === 'whole' || page.kind === 'overview';
  const version = reference.version ? ` ${reference.version}` : '';
  out.push(`# ${oneLine(introduction ? `${reference.title}${version}` : page.label)}`, '');
  out.push(
    `> The Markdown of ${pageUrl} (${introduction ? 'the API reference' : `${reference.title}${version}`}).`,
    '',
  );
  if (introduction) {
    const intro = markdownOf(context.document.info?.description, context.variables, 1);
    if (intro) out.push(intro, '');
    if (reference.servers.length > 0) {
      out.push('## Servers', '');
      for (const server of reference.servers)
        out.push(`- \`${server.url}\`${server.description ? `: ${oneLine(server.description)}` : ''}`);
      out.push('');
    }
    if (reference.security.length > 0) {
      out.push('## Authentication', '');
      for (const scheme of reference.security) out.push(`- **${scheme.name}**: ${oneLine(scheme.summary)}`);
      out.push('');
    }
  }
  if (page.kind === 'overview') {
    out.push('## Pages', '');
    for (const other of pages.filter((candidate) => candidate.kind !== 'overview'))
      out.push(`- [${escapeText(oneLine(other.label))}](${context.origin}${encodePath(twinRoute(other.href))})`);
    out.push('');
  }
  const section = (introduction ? 3 : 2) as 2 | 3;
  for (const tag of reference.tags) {
    if (page.kind === 'whole') {
      out.push(`## ${oneLine(tag.name)}`, '');
      const described = markdownOf(tagDescription(context, tag.name), context.variables, 2);
      if (described) out.push(described, '');
    } else if (page.kind === 'tag' && !page.range?.[0]) {
      const described = markdownOf(tagDescription(context, tag.name), context.variables, 1);
      if (described) out.push(described, '');
    }
    for (const operation of tag.operations) out.push(operationSection(operation, section, link, context), '');
  }
  if (reference.webhooks.length > 0) {
    if (page.kind === 'whole') out.push('## Webhooks', '');
    for (const webhook of reference.webhooks) out.push(webhookSection(webhook, section, link), '');
  }
  if (reference.schemas.length > 0) {
    if (page.kind === 'whole') out.push('## Schemas', '');
    for (const schema of reference.schemas) out.push(schemaSection(schema, section, link), '');
  }
  return `${out
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trimEnd()}\n`;
}

type Link = (href: string) => string;

function operationSection(operation: ApiOperation, level: number, link: Link, context: ApiTwinContext): string {
  const out = [
    `${'#'.repeat(level)} ${oneLine(operation.summary)}${operation.deprecated ? ' (deprecated)' : ''}`,
    '',
    `\`${operation.method} ${operation.path}\``,
    '',
  ];
  const described = markdownOf(operation.descriptionMarkdown, context.variables, level);
  if (described) out.push(described, '');
  if (operation.security.length > 0)
    out.push(
      `Authentication: ${operation.security
        .map((all) =>
          all.map(({ name, scopes }) => (scopes.length ? `${name} (${scopes.join(', ')})` : name)).join(' and '),
        )
        .join(', or ')}.`,
      '',
    );
  out.push(...parameterTable(operation.parameters, level + 1, link));
  out.push(...bodiesPart('Request body', operation.requestBodies, operation.requestRequired, level + 1, link));
  out.push(...responsesPart(operation.responses, level + 1, link));
  const sample = firstSample(operation.samplesMarkdown);
  if (sample) out.push(`${'#'.repeat(level + 1)} Request sample (${sample.label})`, '', sample.fenced, '');
  return out.join('\n').trimEnd();
}

function webhookSection(webhook: ApiWebhook, level: number, link: Link): string {
  const out = [
    `${'#'.repeat(level)} ${oneLine(webhook.summary || webhook.name)}`,
    '',
    `\`${webhook.method} ${webhook.name}\` (webhook: a request the API sends to your URL)`,
    '',
  ];
  const described = htmlText(webhook.descriptionHtml, link);
  if (described) out.push(described, '');
  out.push(...parameterTable(webhook.parameters, level + 1, link));
  out.push(...bodiesPart('Request body', webhook.requestBodies, false, level + 1, link));
  out.push(...responsesPart(webhook.responses, level + 1, link));
  return out.join('\n').trimEnd();
}

function schemaSection(schema: ApiSchema, level: number, link: Link): string {
  const out = [`${'#'.repeat(level)} ${oneLine(schema.name)}`, ''];
  const { node } = schema;
  out.push(`Type: ${typeOf(node, link)}`, '');
  const described = htmlText(node.descriptionHtml, link);
  if (described) out.push(described, '');
  out.push(...fieldTable(node, link));
  return out.join('\n').trimEnd();
}

function parameterTable(parameters: ApiParameter[], level: number, link: Link): string[] {
  if (parameters.length === 0) return [];
  return [
    `${'#'.repeat(level)} Parameters`,
    '',
    '| Name | In | Type | Required | Description |',
    '| --- | --- | --- | --- | --- |',
    ...parameters.map((parameter) =>
      row([
        code(parameter.name),
        parameter.location,
        typeOf(parameter.schema, link),
        parameter.required ? 'yes' : 'no',
        [
          htmlText(parameter.descriptionHtml ?? parameter.schema.descriptionHtml, link),
          parameter.schema.enumValues?.length ? `One of: ${parameter.schema.enumValues.map(code).join(', ')}.` : '',
        ]
          .filter(Boolean)
          .join(' '),
      ]),
    ),
    '',
  ];
}

function bodiesPart(title: string, bodies: ApiBody[], required: boolean, level: number, link: Link): string[] {
  if (bodies.length === 0) return [];
  const out = [`${'#'.repeat(level)} ${title}${required ? ' (required)' : ''}`, ''];
  for (const body of bodies) {
    out.push(`\`${body.contentType}\`: ${typeOf(body.schema, link)}`, '');
    out.push(...fieldTable(body.schema, link));
  }
  return out;
}

function responsesPart(responses: ApiOperation['responses'], level: number, link: Link): string[] {
  if (responses.length === 0) return [];
  return [
    `${'#'.repeat(level)} Responses`,
    '',
    '| Status | Description | Body |',
    '| --- | --- | --- |',
    ...responses.map((response) =>
      row([
        response.status,
        htmlText(response.summaryHtml, link),
        response.bodies.map((body) => `${typeOf(body.schema, link)} (\`${body.contentType}\`)`).join(', '),
      ]),
    ),
    '',
  ];
}

/** A schema's fields, one level: its properties (an array's items' properties), or its variants. */
function fieldTable(node: SchemaNode, link: Link): string[] {
  const fields = node.children;
  if (fields.length === 0) return [];
  const variants = node.variants !== undefined;
  return [
    ...(variants ? [`${capitalized(node.variants!)}:`, ''] : []),
    `| ${variants ? 'Variant' : 'Field'} | Type | Required | Description |`,
    '| --- | --- | --- | --- |',
    ...fields.map((field, index) =>
      row([
        field.name === undefined ? String(index + 1) : code(field.name),
        typeOf(field, link),
        field.required ? 'yes' : 'no',
        [
          htmlText(field.descriptionHtml, link),
          field.enumValues?.length ? `One of: ${field.enumValues.map(code).join(', ')}.` : '',
          field.readOnly ? 'Read-only.' : '',
        ]
          .filter(Boolean)
          .join(' '),
      ]),
    ),
    '',
  ];
}

/** A node's type, its named schema linked to that schema's section. */
function typeOf(node: SchemaNode, link: Link): string {
  if (node.refName === undefined || node.refHref === undefined) return node.type;
  const named = `[${escapeText(node.refName)}](${link(node.refHref)})`;
  return node.type === node.refName ? named : `${node.type.replace(node.refName, '').trim()} ${named}`.trim();
}

/** The first sample of a `:::code-tabs` group, its fence as written (its label taken out of the info). */
export function firstSample(markdown: string | undefined): { label: string; fenced: string } | undefined {
  if (!markdown) return undefined;
  const lines = markdown.split('\n');
  const start = lines.findIndex((line) => /^(`{3,}|~{3,})/.test(line));
  if (start === -1) return undefined;
  const [, fence, info] = /^(`{3,}|~{3,})(.*)$/.exec(lines[start])!;
  const end = lines.findIndex((line, index) => index > start && line.trimEnd() === fence);
  if (end === -1) return undefined;
  const label = /label="([^"]*)"/.exec(info)?.[1] ?? '';
  const language = info.replace(/\s*label="[^"]*"/, '').trim();
  return {
    label: label || language,
    fenced: [`${fence}${language}`, ...lines.slice(start + 1, end), fence].join('\n'),
  };
}

/** The description's Markdown as written, variables resolved, its headings below the section's `level`. */
function markdownOf(markdown: unknown, variables: Variables, level: number): string {
  if (typeof markdown !== 'string' || markdown.trim() === '') return '';
  const resolved = substituteVariables(markdown, variables);
  const lines = (typeof resolved === 'string' ? resolved : markdown).trim().split('\n');
  for (const index of proseLines(lines))
    lines[index] = lines[index].replace(
      /^( {0,3})(#{1,6})(?=\s|$)/,
      (_, indent: string, marks: string) => `${indent}${'#'.repeat(Math.min(6, marks.length + level))}`,
    );
  return lines.join('\n');
}

function tagDescription(context: ApiTwinContext, name: string): unknown {
  return context.document.tags?.find((tag) => tag?.name === name)?.description;
}

/**
 * HTML (the page's sanitized descriptions) as one line of Markdown: its links as Markdown links
 * (absolute), its code as code spans, other tags dropped, entities decoded.
 */
export function htmlText(html: string | undefined, link: Link = (href) => href): string {
  if (!html) return '';
  return oneLine(
    html
      .replace(/<(br|\/p|\/li|\/h[1-6]|\/div|\/tr)\b[^>]*>/gi, ' ')
      .replace(/<a\b[^>]*?\bhref="([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi, (_, href: string, text: string) => {
        const target = decoded(href);
        return `[${text}](${/^[a-z][a-z0-9+.-]*:/i.test(target) ? target : link(target)})`;
      })
      .replace(/<\/?code\b[^>]*>/gi, '`')
      .replace(/<[^>]*>/g, '')
      .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, decodedEntity),
  );
}

const decoded = (text: string) => text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, decodedEntity);

function decodedEntity(entity: string, name: string): string {
  if (name[0] === '#')
    return String.fromCodePoint(
      name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1)),
    );
  return namedEntities[name.toLowerCase()] ?? entity;
}

const namedEntities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** A table row, `|` in its cells escaped and each cell on one line. */
function row(cells: string[]): string {
  return `| ${cells.map((cell) => oneLine(cell).replace(/\|/g, '\\|')).join(' | ')} |`;
}

function code(text: string): string {
  const ticks = text.includes('`') ? '``' : '`';
  return `${ticks}${text}${ticks}`;
}

function capitalized(text: string): string {
  return text[0].toUpperCase() + text.slice(1);
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

function escapeText(text: string): string {
  return text.replace(/[\\[\]]/g, (char) => `\\${char}`);
}
