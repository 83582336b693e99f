/** Collects what a child process prints, line by line (a partial last line waits for the rest). */
export function collectLines(stream: NodeJS.ReadableStream, into: string[]): void {
  let partial = '';
  stream.on('data', (chunk: Buffer) => {
    const lines = (partial + chunk.toString()).split('\n');
    partial = lines.pop()!;
    into.push(...lines);
  });
}
