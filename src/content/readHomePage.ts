import { z } from 'zod';
import { parseFrontMatter } from './frontMatter.ts';
import type { Variables } from './variables.ts';

const homeSchema = z.strictObject({
  title: z.string().min(1),
  description: z.string().min(1),
  /** The line above the title (`{{product}} REST API · {{versionLabel}}`). */
  eyebrow: z.string().min(1).optional(),
  /** What the hero's code sample shows: its caption, which is also its figure's accessible name. */
  sample_label: z.string().min(1).default('Example request'),
  cards: z
    .array(
      z.strictObject({
        title: z.string().min(1),
        description: z.string().min(1).optional(),
        href: z.string().startsWith('/'),
      }),
    )
    .default([]),
});

export interface HomeContent extends z.output<typeof homeSchema> {
  file: string;
  /** Markdown shown beside the hero (a short code sample; blank: none), positions kept. */
  markdown: string;
}

/** `content/home.md`: the landing page's copy (front matter) and hero sample (body). */
export function parseHomePage(raw: string, file: string, variables: Variables): HomeContent {
  const { frontMatter, body, bodyLine } = parseFrontMatter(raw, file, homeSchema, variables);
  return { ...frontMatter, file, markdown: '\n'.repeat(bodyLine - 1) + body };
}
