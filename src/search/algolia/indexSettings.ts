import { hierarchyLevels } from '../../model/searchRecord.ts';

/**
 * Settings of the hosted index, as DocSearch's crawler template for Docusaurus sets them
 * (`initialIndexSettings` in https://docsearch.algolia.com/docs/templates): every hierarchy
 * level then the content searchable, the contextual facets, one hit per URL, the records'
 * weight as custom ranking, one typo from 3 letters and two from 7, proximity counted from 1,
 * and every word made optional when a query finds nothing. The local engine
 * (src/client/search/local/) follows the same rules, so both modes rank alike.
 */
export const docSearchIndexSettings = {
  searchableAttributes: [...hierarchyLevels.map((level) => `unordered(hierarchy.${level})`), 'content'],
  attributesForFaceting: ['type', 'language', 'docusaurus_tag'],
  attributesToRetrieve: ['hierarchy', 'content', 'anchor', 'url', 'url_without_anchor', 'type'],
  attributesToHighlight: ['hierarchy', 'content'],
  attributesToSnippet: ['content:10'],
  camelCaseAttributes: ['hierarchy', 'content'],
  distinct: true,
  attributeForDistinct: 'url',
  customRanking: ['desc(weight.pageRank)', 'desc(weight.level)', 'asc(weight.position)'],
  ranking: ['words', 'filters', 'typo', 'attribute', 'proximity', 'exact', 'custom'],
  minWordSizefor1Typo: 3,
  minWordSizefor2Typos: 7,
  minProximity: 1,
  attributeCriteriaComputedByMinProximity: true,
  removeWordsIfNoResults: 'allOptional' as const,
  removeStopWords: ['en' as const],
  allowTyposOnNumericTokens: false,
  ignorePlurals: true,
  advancedSyntax: true,
  separatorsToIndex: '_',
};
