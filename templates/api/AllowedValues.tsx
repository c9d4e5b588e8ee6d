import type { ChangeMark } from '../../src/model/apiReference.ts';
import { allowedValuesContent } from './schemaHtml.ts';

/**
 * A schema's or parameter's allowed values (`enum`, `const`), each as code, and "New in" beside
 * those its version added (`marks`); a long list folded after its first ten (schemaHtml.ts).
 */
export function AllowedValues({ values, marks }: { values: string[]; marks?: Record<string, ChangeMark> }) {
  const { folded, html } = allowedValuesContent(values, marks);
  return folded ? (
    <div className="schema__meta" dangerouslySetInnerHTML={{ __html: html }} />
  ) : (
    <p className="schema__meta" dangerouslySetInnerHTML={{ __html: html }} />
  );
}
