// The parts of an OpenAPI 3.1 document the docs page reads, and how it groups them.

export type JsonSchema = {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  default?: unknown;
  description?: string;
  contentMediaType?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
};

export type Operation = {
  operationId: string;
  tags: string[];
  summary: string;
  description?: string;
  security?: unknown[];
  parameters?: Array<{ name: string; in: string; required?: boolean; schema: JsonSchema }>;
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, { description: string }>;
};

export type OpenApiDocument = { openapi: string; info: { title: string; version: string; description?: string }; paths: Record<string, Record<string, Operation>> };

export type DocumentedOperation = Operation & { method: string; path: string };

/** Operations grouped by their first tag, in the document's order. */
export function groupByTag(doc: OpenApiDocument): Array<[string, DocumentedOperation[]]> {
  const groups = new Map<string, DocumentedOperation[]>();
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const tag = op.tags[0] ?? 'Other';
      groups.set(tag, [...(groups.get(tag) ?? []), { ...op, method, path }]);
    }
  }
  return [...groups.entries()];
}

/** One line describing a field's type and limits, e.g. "string, 1-4000 characters". */
export function describeSchema(schema: JsonSchema): string {
  const parts: string[] = [];
  if (schema.enum) parts.push(`one of ${schema.enum.map((v) => JSON.stringify(v)).join(', ')}`);
  else if (schema.contentMediaType) parts.push('file');
  else if (schema.type) parts.push([schema.type].flat().join(' or ') + (schema.format ? ` (${schema.format})` : ''));
  if (schema.minLength !== undefined || schema.maxLength !== undefined) parts.push(`${schema.minLength ?? 0}-${schema.maxLength ?? '∞'} characters`);
  if (schema.minimum !== undefined || schema.maximum !== undefined) parts.push(`${schema.minimum ?? '-∞'} to ${schema.maximum ?? '∞'}`);
  if (schema.default !== undefined) parts.push(`default ${JSON.stringify(schema.default)}`);
  return parts.join(', ');
}
