import { BookOpen } from 'lucide-react';
import { Card } from '../../components/card.js';
import { PageHeader } from '../../components/page-header.js';
import { LoadingState } from '../../components/spinner.js';
import { cn } from '../../lib/cn.js';
import { useApiData } from '../../lib/use-api-data.js';
import { describeSchema, groupByTag, type DocumentedOperation, type JsonSchema, type OpenApiDocument } from './openapi.js';

const METHOD_COLOURS: Record<string, string> = {
  get: 'bg-sky-50 text-sky-700 ring-sky-200',
  post: 'bg-emerald-50 text-emerald-700 ring-emerald-200',
  delete: 'bg-red-50 text-red-700 ring-red-200',
};

function Fields({ title, fields }: { title: string; fields: Array<{ name: string; schema: JsonSchema; required: boolean }> }) {
  if (fields.length === 0) return null;
  return (
    <div className="mt-3">
      <h4 className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{title}</h4>
      <dl className="mt-1 divide-y divide-slate-100 rounded-lg ring-1 ring-slate-100">
        {fields.map((field) => (
          <div key={field.name} className="flex flex-wrap gap-x-3 px-3 py-1.5 text-sm">
            <dt className="font-mono text-slate-900">
              {field.name}
              {field.required ? <span className="text-red-600" title="required">*</span> : null}
            </dt>
            <dd className="text-slate-600">
              {describeSchema(field.schema)}
              {field.schema.description ? ` — ${field.schema.description}` : ''}
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

function OperationCard({ op }: { op: DocumentedOperation }) {
  const body = op.requestBody ? Object.entries(op.requestBody.content)[0] : undefined;
  const bodyFields = body ? Object.entries(body[1].schema.properties ?? {}).map(([name, schema]) => ({ name, schema, required: (body[1].schema.required ?? []).includes(name) })) : [];
  const params = (op.parameters ?? []).map((p) => ({ name: `${p.name} (${p.in})`, schema: p.schema, required: Boolean(p.required) }));
  return (
    <li id={op.operationId} className="py-4" data-testid="api-operation">
      <p className="flex flex-wrap items-center gap-2">
        <span className={cn('rounded-md px-2 py-0.5 font-mono text-xs font-semibold uppercase ring-1', METHOD_COLOURS[op.method] ?? 'bg-slate-50 ring-slate-200')}>{op.method}</span>
        <code className="font-mono text-sm break-all text-slate-900">{op.path}</code>
        {op.security?.length === 0 ? <span className="text-xs text-slate-500">no token needed</span> : null}
      </p>
      <p className="mt-1 text-sm text-slate-700">{op.summary}</p>
      {op.description ? <p className="mt-1 text-sm text-slate-500">{op.description}</p> : null}
      <Fields title="Parameters" fields={params} />
      <Fields title={body ? `Body (${body[0]})` : 'Body'} fields={bodyFields} />
      <p className="mt-2 text-xs text-slate-500">Replies: {Object.keys(op.responses).join(', ')}</p>
    </li>
  );
}

/** /ai/api-docs: the api reference, drawn from GET /api/openapi.json (no third-party viewer). */
export default function ApiDocsPage() {
  const { data, error, loading } = useApiData<OpenApiDocument>('/api/openapi.json');
  const doc = data?.openapi ? (data as unknown as OpenApiDocument) : null;
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <PageHeader title="API reference" description="Call the tools from scripts with a personal API key." icon={<BookOpen className="size-5" aria-hidden="true" />} />
      <Card className="p-5 text-sm text-slate-700">
        <p>
          Create a key in Account settings, then send it as a bearer token. The machine-readable document is at{' '}
          <a className="font-mono text-brand-700 underline" href="/api/openapi.json">
            /api/openapi.json
          </a>{' '}
          (OpenAPI {doc?.openapi ?? '3.1'}).
        </p>
        <pre className="mt-3 overflow-x-auto rounded-lg bg-slate-900 p-3 text-xs text-slate-100">
          {`curl -X POST ${window.location.origin}/api/ai/generate-blog-title \\\n  -H "Authorization: Bearer cw_..." -H "Content-Type: application/json" \\\n  -d '{"prompt": "Generate a blog title for the keyword tea in the category Food"}'`}
        </pre>
      </Card>
      {error ? <p role="alert" className="text-sm text-red-700">{error}</p> : null}
      {loading && !doc ? <LoadingState text="Loading the API reference..." /> : null}
      {doc
        ? groupByTag(doc).map(([tag, ops]) => (
            <Card key={tag} className="px-5 py-2" role="region" aria-label={tag}>
              <h2 className="pt-3 text-base font-semibold text-slate-900">{tag}</h2>
              <ul className="divide-y divide-slate-100">
                {ops.map((op) => (
                  <OperationCard key={`${op.method} ${op.path}`} op={op} />
                ))}
              </ul>
            </Card>
          ))
        : null}
    </div>
  );
}
