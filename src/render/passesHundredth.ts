/**
 * Whether a long job's count, going from `before` to `done` of `total`, passes a hundredth of it
 * (or reaches it): when the job says how far it has got. Each report is a message to the CLI's
 * thread, which GitHub's reference sent once an operation planned and once an operation rendered
 * (2,446 messages: postMessage ~0.3 s of the build thread in a profile). A job of 100 or fewer
 * reports every step, as before; a plain line still marks each quarter, at the first report past it.
 */
export const passesHundredth = (before: number, done: number, total: number) =>
  done >= total || Math.floor((done * 100) / total) > Math.floor((before * 100) / total);
