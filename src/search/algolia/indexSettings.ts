import { hierarchyLevels } from '../searchRecord.ts';

/**
 * Settings of the hosted index, as DocSearch's crawler sets them for a Docusaurus site: every
 * hierarchy level then the content searchable, the contextual facets, one hit per URL, and the
 * records' weight as custom ranking.
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
  minWordSizefor1Typo: 4,
  minWordSizefor2Typos: 8,
  allowTyposOnNumericTokens: false,
  ignorePlurals: true,
  advancedSyntax: true,
  separatorsToIndex: '_',
};
