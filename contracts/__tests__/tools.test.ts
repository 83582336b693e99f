import { describe, expect, it } from 'vitest';
import { JOBS, TOOL_NAMES, type JobName, type ToolName } from '../jobs.js';
import { TOOLS } from '../tool-options.js';

describe('the table of tools', () => {
  it('when a tool is listed, then its job exists, spends that tool\'s quota and writes that creation type', () => {
    expect(Object.keys(TOOLS).sort()).toEqual([...TOOL_NAMES].sort());
    for (const [tool, names] of Object.entries(TOOLS) as [ToolName, (typeof TOOLS)[ToolName]][]) {
      const job = JOBS[names.job as JobName];
      expect({ tool, quotaTool: job?.quotaTool, creationType: job?.creationType }).toEqual({ tool, quotaTool: tool, creationType: names.creationType });
    }
  });

  it('when two tools are listed, then no route or web path is shared', () => {
    const routes = Object.values(TOOLS).map((tool) => tool.route);
    const webPaths = Object.values(TOOLS).map((tool) => tool.webPath);
    expect(new Set(routes).size).toBe(routes.length);
    expect(new Set(webPaths).size).toBe(webPaths.length);
  });
});
