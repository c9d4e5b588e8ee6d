/**
 * A JSON description with `marker` put at the start of one operation's description (the save a
 * writer makes), written back with the indentation the file had. Throws when no operation has
 * that operationId, or more than one does.
 */
export function withOperationDescription(json: string, operationId: string, marker: string): string {
  const description = JSON.parse(json);
  const found = [];
  for (const item of Object.values<Record<string, unknown>>(description.paths ?? {}))
    for (const operation of Object.values(item ?? {}))
      if ((operation as { operationId?: unknown } | null)?.operationId === operationId) found.push(operation);
  if (found.length !== 1) throw new Error(`${found.length} operations have operationId ${operationId}`);
  const operation = found[0] as { description?: string };
  operation.description = operation.description ? `${marker} ${operation.description}` : marker;
  const indent = /^\{\r?\n([ \t]+)/.exec(json)?.[1] ?? '';
  return JSON.stringify(description, null, indent) + (json.endsWith('\n') ? '\n' : '');
}
