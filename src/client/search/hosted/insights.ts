/** Algolia Insights, loaded only when the config turns it on (spec §7). */

type InsightsClient = ((method: string, payload?: unknown) => void) & { queue?: unknown[] };

/** Algolia's Insights client, loaded from its CDN only when the config turns insights on. */
export const insightsScript = 'https://cdn.jsdelivr.net/npm/search-insights@2.17.3/dist/search-insights.min.js';
/** Results seen while typing are reported once the reader pauses this long (spec §9). */
export const viewDebounceMs = 400;

/**
 * The `aa` function: calls queue until the script from the CDN has loaded and takes them over
 * (search-insights' documented snippet). Loaded once per page.
 */
export function loadInsights(appId: string, apiKey: string): InsightsClient {
  const global = window as unknown as { AlgoliaAnalyticsObject?: string; aa?: InsightsClient };
  if (!global.aa) {
    global.AlgoliaAnalyticsObject = 'aa';
    const queue: InsightsClient = (...args: unknown[]) => {
      (queue.queue ??= []).push(args);
    };
    global.aa = queue;
    const script = document.createElement('script');
    script.async = true;
    script.src = insightsScript;
    document.head.append(script);
    global.aa('init', { appId, apiKey, partial: true });
  }
  return (method, payload) => global.aa!(method, payload);
}

/** A hit as Insights events name it: its object and its place in the results. */
export interface InsightsHit {
  objectID: string;
  position: number;
}

/** Reports results the reader saw (debounced) and the one they chose. */
export function createInsightsReporter(insights: InsightsClient, index: string) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return {
    viewed(hits: InsightsHit[]) {
      clearTimeout(timer);
      if (hits.length === 0) return;
      timer = setTimeout(
        () =>
          insights('viewedObjectIDs', { eventName: 'Items Viewed', index, objectIDs: hits.map((hit) => hit.objectID) }),
        viewDebounceMs,
      );
    },
    clicked(hit: InsightsHit, queryID: string | undefined) {
      if (!queryID) return;
      insights('clickedObjectIDsAfterSearch', {
        eventName: 'Item Selected',
        index,
        queryID,
        objectIDs: [hit.objectID],
        positions: [hit.position],
      });
    },
  };
}
