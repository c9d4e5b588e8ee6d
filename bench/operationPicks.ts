import { fragmentHref, operationAnchor } from '../src/model/apiAnchors.ts';
import { median } from './measureBuild.ts';

/** An operation the reading measurement opens, and its link in each reference. */
export interface PickedOperation {
  operationId: string;
  /** docsgen's link, through `/api/` as other sites keep it (a split reference forwards it to the operation's page). */
  docsgenHref: string;
  /** Redoc's link to it (`#operation/<id>`; Redoc moves it to its own address for the operation). */
  redocHref: string;
}

/**
 * The first, middle and last of the operations that have an operationId, in the description's
 * order: three places in the reference (its first page, a middle one, the last). An operationId
 * written twice is left out: the reference gives the second one another anchor (`-1`).
 */
export function pickOperations(operations: { operation: { operationId?: unknown } }[]): PickedOperation[] {
  const ids = operations.map(({ operation }) => operation.operationId).filter((id) => typeof id === 'string');
  const unique = ids.filter((id) => ids.indexOf(id) === ids.lastIndexOf(id));
  if (unique.length === 0) return [];
  const indexes = [...new Set([0, Math.floor((unique.length - 1) / 2), unique.length - 1])];
  return indexes.map((index) => ({
    operationId: unique[index],
    docsgenHref: `/api/${fragmentHref(operationAnchor(unique[index]))}`,
    redocHref: `/#operation/${encodeURIComponent(unique[index])}`,
  }));
}

/** What a reader saw on opening one operation's link, in ms from the link's navigation start; or why not. */
export type OperationReading =
  | {
      operationId: string;
      /** First contentful paint of the first document that painted (a forwarded link may load two). */
      firstPaintMs: number;
      /** The first frame in which the operation's section was in the viewport. */
      inViewMs: number;
      /** Elements in the document once it had loaded and the operation was in view. */
      domNodes: number;
    }
  | { operationId: string; failed: string };

export interface Spread {
  median: number;
  min: number;
  max: number;
}

export interface ReadingSummary {
  /** Undefined when no operation was seen. */
  firstPaintMs?: Spread;
  inViewMs?: Spread;
  domNodes?: Spread;
  /** The operations never seen, with why. */
  failed: string[];
}

/** The operations' readings as one figure each (median and range of those seen), and the failures. */
export function readingSummary(readings: OperationReading[]): ReadingSummary {
  const seen = readings.filter((reading) => 'inViewMs' in reading);
  const spread = (values: number[]): Spread | undefined =>
    values.length === 0 ? undefined : { median: median(values), min: Math.min(...values), max: Math.max(...values) };
  return {
    firstPaintMs: spread(seen.map((reading) => reading.firstPaintMs)),
    inViewMs: spread(seen.map((reading) => reading.inViewMs)),
    domNodes: spread(seen.map((reading) => reading.domNodes)),
    failed: readings.flatMap((reading) => ('failed' in reading ? [`${reading.operationId}: ${reading.failed}`] : [])),
  };
}
