import http from 'node:http';

/** A client of the dev server's live-reload event stream that keeps every event it receives. */
export function listen(url: string): {
  events: { name: string; data: string }[];
  /** Resolves once the server has answered: from then on it sends this client every event. */
  opened: Promise<void>;
  close: () => void;
} {
  const events: { name: string; data: string }[] = [];
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  const request = http.get(`${url}/__docsgen/events`, (response) => {
    open();
    let buffer = '';
    response.on('data', (chunk) => {
      buffer += chunk;
      for (let end = buffer.indexOf('\n\n'); end !== -1; end = buffer.indexOf('\n\n')) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const name = /^event: (.*)$/m.exec(block)?.[1];
        if (name) events.push({ name, data: /^data: (.*)$/m.exec(block)?.[1] ?? '' });
      }
    });
  });
  request.on('error', () => {});
  return { events, opened, close: () => request.destroy() };
}

/**
 * Polls `probe` until it gives a value (not undefined, null or false), or fails after `timeoutMs`:
 * a bound for a hang, far above what a loaded machine takes, never a measure of speed.
 */
export async function waitFor<T>(
  probe: () => Promise<T | undefined | null | false> | T | undefined | null | false,
  timeoutMs = 120_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== null && value !== false) return value as T;
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
