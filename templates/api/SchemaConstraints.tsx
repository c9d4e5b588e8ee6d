import type { SchemaNode } from '../../src/model/apiReference.ts';
import { constraintsContent } from './schemaHtml.ts';

/** A schema's constraints on one line (`2 to 20 characters · matches ^[a-z]+$`), its pattern as code (schemaHtml.ts). */
export function SchemaConstraints({ schema }: { schema: Pick<SchemaNode, 'constraints' | 'pattern'> }) {
  const html = constraintsContent(schema);
  if (html === undefined) return null;
  return <p className="schema__meta" dangerouslySetInnerHTML={{ __html: html }} />;
}
