/**
 * Workers as separate hosts: each in a network namespace of its own, joined to this machine by a
 * veth pair on a private /30 (10.213.N.0/30). Only namespaces and links made here are touched;
 * remove() deletes them (and with them the links), also after a failed test.
 */
import { execFileSync } from 'node:child_process';

export interface WorkerHost {
  name: string;
  /** This machine's end of the link: servers listen here for the namespace. */
  hostAddress: string;
  /** Prefix for commands run inside the namespace. */
  exec: string[];
  cut(): void;
  restore(): void;
}

const ip = (...args: string[]) => execFileSync('ip', args, { stdio: 'pipe' });

export function networkNamespacesAvailable(): boolean {
  if (process.getuid?.() !== 0) return false;
  try {
    ip('netns', 'list');
    return true;
  } catch {
    return false;
  }
}

export function createWorkerHosts(count: number, tag: string): { hosts: WorkerHost[]; remove(): void } {
  const hosts: WorkerHost[] = [];
  const remove = () => {
    for (const host of hosts) {
      try { ip('netns', 'delete', host.name); } catch { /* already gone */ }
      try { ip('link', 'delete', `${host.name}-h`); } catch { /* went with the namespace */ }
    }
  };
  try {
    for (let i = 1; i <= count; i++) {
      const name = `cw${tag}${i}`;
      const hostLink = `${name}-h`;
      const nsLink = `${name}-n`;
      const hostAddress = `10.213.${i}.1`;
      ip('netns', 'add', name);
      hosts.push({
        name, hostAddress, exec: ['ip', 'netns', 'exec', name],
        cut: () => ip('link', 'set', hostLink, 'down'),
        restore: () => ip('link', 'set', hostLink, 'up'),
      });
      ip('link', 'add', hostLink, 'type', 'veth', 'peer', 'name', nsLink);
      ip('link', 'set', nsLink, 'netns', name);
      ip('addr', 'add', `${hostAddress}/30`, 'dev', hostLink);
      ip('link', 'set', hostLink, 'up');
      ip('netns', 'exec', name, 'ip', 'addr', 'add', `10.213.${i}.2/30`, 'dev', nsLink);
      ip('netns', 'exec', name, 'ip', 'link', 'set', nsLink, 'up');
      ip('netns', 'exec', name, 'ip', 'link', 'set', 'lo', 'up');
    }
  } catch (err) {
    remove();
    throw err;
  }
  return { hosts, remove };
}
