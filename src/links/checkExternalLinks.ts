/** How an external link answered. */
export interface ExternalResult {
  url: string;
  ok: boolean;
  /** HTTP status, or the network error's text. */
  status: number | string;
}

/**
 * Fetches external URLs with at most `concurrency` requests in flight and a timeout each:
 * HEAD first, GET when a server refuses HEAD. A status of 400 or more, or no answer, is broken.
 */
export async function checkExternalLinks(
  urls: string[],
  { concurrency = 8, timeoutMs = 10_000 } = {},
): Promise<ExternalResult[]> {
  const queue = [...new Set(urls)];
  const results: ExternalResult[] = [];
  const probe = async (url: string): Promise<ExternalResult> => {
    for (const method of ['HEAD', 'GET']) {
      try {
        const response = await fetch(url, { method, redirect: 'follow', signal: AbortSignal.timeout(timeoutMs) });
        await response.body?.cancel();
        if (method === 'HEAD' && (response.status === 405 || response.status === 501)) continue;
        return { url, ok: response.status < 400, status: response.status };
      } catch (error) {
        return {
          url,
          ok: false,
          status: (error as Error).cause
            ? String((error as { cause: Error }).cause.message ?? (error as Error).cause)
            : (error as Error).message,
        };
      }
    }
    return { url, ok: false, status: 'no answer' };
  };
  await Promise.all(
    Array.from({ length: Math.min(concurrency, queue.length) }, async () => {
      for (let url = queue.shift(); url !== undefined; url = queue.shift()) results.push(await probe(url));
    }),
  );
  return results.sort((a, b) => a.url.localeCompare(b.url));
}
