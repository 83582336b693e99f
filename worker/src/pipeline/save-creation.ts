/**
 * Writing a creation is all-or-nothing (saveWithObject): the result object is stored first, then
 * the row is inserted and the quota counted in one transaction; if that fails, the object is deleted.
 */
import type { HandlerOutput } from '@craftwell/contracts/handler';
import { JOBS, type JobName, type JobPayload, type JobResult } from '@craftwell/contracts/jobs';
import type { ObjectStorage } from '@craftwell/storage/object-storage';
import { newObjectKey } from '@craftwell/storage/keys';
import type { Db } from '@craftwell/core/db/pool';
import { insertCreation, saveWithObject } from '@craftwell/core/repositories/creations';
import { commitUnsavedUse, commitUse, meterOf } from '@craftwell/core/repositories/quota';

/** The prompt stored with the creation: what the user asked for, in their words. */
function promptOf(name: JobName, payload: JobPayload<JobName>): string {
  if ('prompt' in payload && typeof payload.prompt === 'string') return payload.prompt;
  if (name === 'remove-background') return 'Remove background from image';
  if (name === 'remove-object') return `Removed ${(payload as JobPayload<'remove-object'>).object} from image`;
  if (name === 'resume-review') return 'Resume review';
  if ('text' in payload) return String(payload.text);
  return name;
}

export async function saveCreation(
  deps: { db: Db; storage: ObjectStorage },
  job: { id: string; name: JobName; payload: JobPayload<JobName> },
  output: HandlerOutput,
): Promise<JobResult> {
  const def = JOBS[job.name];
  const save = !('save' in job.payload) || job.payload.save !== false;
  let object: { key: string; body: Buffer; contentType: string } | null = null;
  let content: string;
  if (output.kind === 'image') {
    object = { key: newObjectKey('results', 'png'), body: output.png, contentType: 'image/png' };
    content = deps.storage.publicUrl(object.key);
  } else {
    content = output.content;
  }
  const meter = meterOf(job.name);
  if (!save) {
    if (object) await deps.storage.put(object.key, object.body, { contentType: object.contentType });
    if (meter) await commitUnsavedUse(deps.db, job.id, job.payload.userId, meter);
    return { creationId: '', content, engine: output.engine };
  }
  const row = await saveWithObject(deps.db, deps.storage, object, async (client) => {
    const inserted = await insertCreation(client, {
      userId: job.payload.userId,
      type: def.creationType,
      prompt: promptOf(job.name, job.payload),
      content,
      publish: output.kind === 'image' ? Boolean(output.publish) : false,
      engine: output.engine,
      objectKey: object?.key ?? null,
      jobId: job.id,
      sourceId: 'sourceId' in job.payload && typeof job.payload.sourceId === 'string' ? job.payload.sourceId : null,
    });
    if (inserted.inserted && meter) await commitUse(client, job.id, job.payload.userId, meter);
    return inserted;
  });
  return { creationId: row.id, content: row.content, engine: output.engine };
}
