import { readFileSync } from 'node:fs';
import path from 'node:path';
import { engineRoot } from '../src/engineRoot.ts';

/** One question of the evaluation set (bench/search/questions.json). */
export interface Question {
  query: string;
  /** Pages (`/docs/x/`) or sections (`/docs/x/#part`) a good answer links to. */
  expect: string[];
  /** Never tuned against: kept to tell tuning from overfitting. */
  heldOut?: boolean;
}

/** A page an engine answered, with the URLs (sections) it pointed at on it, best first. */
export interface AnsweredPage {
  page: string;
  urls: string[];
}

export function loadQuestions(): Question[] {
  return (
    JSON.parse(readFileSync(path.join(engineRoot, 'bench/search/questions.json'), 'utf8')) as { questions: Question[] }
  ).questions;
}

/** The 1-based rank of the first answered page that satisfies the question (a section target needs that section pointed at), or 0. */
export function rankOf(question: Question, pages: AnsweredPage[]): number {
  const index = pages.findIndex(({ page, urls }) =>
    question.expect.some((target) => {
      const [targetPage, anchor] = target.split('#');
      if (page !== targetPage) return false;
      return anchor === undefined || urls.some((url) => url.endsWith(`#${anchor}`));
    }),
  );
  return index + 1;
}

export interface RelevanceFigures {
  questions: number;
  successAt1: number;
  successAt5: number;
  mrr: number;
  empty: number;
  /** Queries not answered in the top 5, for the report. */
  misses: string[];
}

export function relevanceFigures(questions: Question[], answers: AnsweredPage[][]): RelevanceFigures {
  const ranks = questions.map((question, i) => rankOf(question, answers[i]));
  const share = (flags: boolean[]) => flags.filter(Boolean).length / Math.max(1, flags.length);
  return {
    questions: questions.length,
    successAt1: share(ranks.map((rank) => rank === 1)),
    successAt5: share(ranks.map((rank) => rank >= 1 && rank <= 5)),
    mrr: ranks.reduce((sum, rank) => sum + (rank > 0 ? 1 / rank : 0), 0) / Math.max(1, ranks.length),
    empty: answers.filter((pages) => pages.length === 0).length,
    misses: questions.filter((_, i) => !(ranks[i] >= 1 && ranks[i] <= 5)).map((question) => question.query),
  };
}

/** Groups an engine's hit URLs by page, pages in order of their first hit. */
export function answeredPages(hitUrls: string[]): AnsweredPage[] {
  const pages = new Map<string, string[]>();
  for (const url of hitUrls) {
    const parsed = new URL(url, 'https://site.invalid');
    const list = pages.get(parsed.pathname) ?? [];
    list.push(parsed.pathname + parsed.hash);
    pages.set(parsed.pathname, list);
  }
  return [...pages].map(([page, urls]) => ({ page, urls }));
}

const percent = (value: number) => `${(value * 100).toFixed(0)}%`;

/** Markdown rows: one per engine and question set (all, tuned, held out). */
export function relevanceRows(name: string, questions: Question[], answers: AnsweredPage[][]): string[] {
  const sets: [string, (question: Question) => boolean][] = [
    ['all', () => true],
    ['held out', (question) => question.heldOut === true],
  ];
  return sets.map(([label, keep]) => {
    const indexes = questions.map((question, i) => (keep(question) ? i : -1)).filter((i) => i >= 0);
    const figures = relevanceFigures(
      indexes.map((i) => questions[i]),
      indexes.map((i) => answers[i]),
    );
    return `| ${name} | ${label} (${figures.questions}) | ${percent(figures.successAt1)} | ${percent(figures.successAt5)} | ${figures.mrr.toFixed(2)} | ${figures.empty} | ${
      figures.misses
        .slice(0, 6)
        .map((query) => `\`${query}\``)
        .join(', ') || '–'
    } |`;
  });
}
