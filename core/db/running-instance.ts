/**
 * While `npm start` runs in embedded mode it leaves DATA_DIR/running.json (mode 0600): its pid
 * and the embedded database's URL, so `npm run admin` can use that database instead of starting a
 * second server on the same files. Removed on a clean stop; a file whose pid is gone is stale.
 */
import fs from 'node:fs';
import path from 'node:path';

export interface RunningInstance {
  pid: number;
  databaseUrl: string;
  startedAt: string;
}

const fileIn = (dataDir: string) => path.join(dataDir, 'running.json');

export function isProcessAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
  } catch (err) {
    // EPERM: it exists but belongs to another user.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
  // A zombie (exited, not yet reaped: common under a container's PID 1) is not alive.
  try {
    return !/^\d+ \(.*\) Z/.test(fs.readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return true;
  }
}

export function readRunningInstance(dataDir: string): RunningInstance | null {
  try {
    const parsed = JSON.parse(fs.readFileSync(fileIn(dataDir), 'utf8')) as Partial<RunningInstance>;
    if (typeof parsed.pid !== 'number' || typeof parsed.databaseUrl !== 'string') return null;
    return { pid: parsed.pid, databaseUrl: parsed.databaseUrl, startedAt: String(parsed.startedAt ?? '') };
  } catch {
    return null;
  }
}

export function writeRunningInstance(dataDir: string, databaseUrl: string): void {
  const file = fileIn(dataDir);
  const temp = `${file}.${process.pid}.tmp`;
  const info: RunningInstance = { pid: process.pid, databaseUrl, startedAt: new Date().toISOString() };
  fs.writeFileSync(temp, JSON.stringify(info), { mode: 0o600 });
  fs.renameSync(temp, file);
}

/** Removes the file if it is ours (or stale), never another live instance's. */
export function removeRunningInstance(dataDir: string): void {
  const current = readRunningInstance(dataDir);
  if (current && current.pid !== process.pid && isProcessAlive(current.pid)) return;
  fs.rmSync(fileIn(dataDir), { force: true });
}
