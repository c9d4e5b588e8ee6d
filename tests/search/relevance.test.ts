import { beforeAll, describe, expect, inject, it } from 'vitest';
import { localAnswers } from '../../bench/localAnswers.ts';
import { loadQuestions, rankOf, relevanceFigures, type AnsweredPage } from '../../bench/searchRelevance.ts';

/** The questions developers type (bench/search/questions.json), on the shipped site's local index. */
const questions = loadQuestions();
let answers: AnsweredPage[][];
beforeAll(async () => {
  answers = await localAnswers(
    inject('siteDir'),
    questions.map((question) => question.query),
  );
});

const answer = (query: string) => answers[questions.findIndex((question) => question.query === query)];
const firstUrl = (query: string) => answer(query)[0]?.urls[0];

describe('search relevance on the shipped site', () => {
  it('answers every question whose words appear on the site, and keeps the evaluation’s level', () => {
    const figures = relevanceFigures(questions, answers);
    expect(figures.empty).toBe(0);
    // The bench reports the figures; this guards against a ranking change that loses ground.
    expect(figures.successAt5).toBeGreaterThanOrEqual(0.9);
    expect(figures.mrr).toBeGreaterThanOrEqual(0.8);
  });

  it('answers a query with an unmatched word by making every word optional', () => {
    expect(answer('signer key length').length).toBeGreaterThan(0);
    expect(firstUrl('how do i verify a webhook')).toBe('/docs/esignature-api/webhook/#verify-a-delivery');
  });

  it('puts the guide about a topic before the reference fragments that mention it', () => {
    expect(firstUrl('webhooks')).toBe('/docs/esignature-api/webhook/');
    expect(rankOf({ query: 'pagination', expect: ['/docs/esignature-api/pagination/'] }, answer('pagination'))).toBe(1);
  });

  it('ranks the page that explains rate limits before the repeated 429 rows of the reference', () => {
    expect(answer('retry 429')[0].page).toBe('/docs/api/');
  });
});
