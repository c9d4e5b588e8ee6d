import type { SchemaNode } from '../../src/model/apiReference.ts';

/** A schema's constraints on one line (`2 to 20 characters · matches ^[a-z]+$`), its pattern as code. */
export function SchemaConstraints({ schema }: { schema: Pick<SchemaNode, 'constraints' | 'pattern'> }) {
  if (schema.constraints.length === 0 && schema.pattern === undefined) return null;
  return (
    <p className="schema__meta">
      {schema.constraints.join(' · ')}
      {schema.pattern !== undefined && (
        <>
          {schema.constraints.length > 0 && ' · '}matches <code>{schema.pattern}</code>
        </>
      )}
    </p>
  );
}
