// `npm run bench:lantern -- <artifacts folder> [url-pattern=scale ...]`: what Lighthouse's simulated
// LCP waits on, and what it would be with some responses smaller or larger. It replays the artifacts
// `LIGHTHOUSE_ARTIFACTS=1 npm run bench:lighthouse` keeps (test-results/lighthouse/<page>-<run>/)
// through Lighthouse's own simulation (Lantern, the mobile preset's slow 4G), first as measured, then
// with each response whose URL matches a pattern scaled by its factor, e.g. `licenses=0.8` (the page
// 20 % smaller) or `js/framework=0` (that file gone). It prints the requests of the LCP's graph with
// their simulated start and end (docs/performance.md, Not yet met).
import path from 'node:path';

interface SimulatedNode {
  type: string;
  request?: { url: string; transferSize: number };
}

interface LanternResult {
  timing: number;
  pessimisticEstimate: { nodeTimings: Map<SimulatedNode, { startTime: number; endTime: number }> };
}

interface DevtoolsEvent {
  method: string;
  params: {
    requestId?: string;
    request?: { url: string };
    encodedDataLength?: number;
    dataLength?: number;
  };
}

type Edit = { pattern: RegExp; scale: number };

function parseEdits(args: string[]): Edit[] {
  return args.map((arg) => {
    const at = arg.lastIndexOf('=');
    const scale = Number(arg.slice(at + 1));
    if (at <= 0 || !Number.isFinite(scale) || scale < 0) {
      throw new Error(`Expected url-pattern=scale (scale ≥ 0), got '${arg}'`);
    }
    return { pattern: new RegExp(arg.slice(0, at)), scale };
  });
}

/** The devtools log with every matching response's bytes scaled. */
function scaled(log: DevtoolsEvent[], edits: Edit[]): DevtoolsEvent[] {
  const copy = structuredClone(log);
  const urls = new Map<string, string>();
  for (const event of copy) {
    if (event.method === 'Network.requestWillBeSent' && event.params.requestId) {
      urls.set(event.params.requestId, event.params.request?.url ?? '');
    }
  }
  for (const event of copy) {
    if (event.method !== 'Network.loadingFinished' && event.method !== 'Network.dataReceived') {
      continue;
    }
    const url = urls.get(event.params.requestId ?? '') ?? '';
    for (const { pattern, scale } of edits) {
      if (!pattern.test(url)) continue;
      const { params } = event;
      if (params.encodedDataLength !== undefined) {
        params.encodedDataLength = Math.round(params.encodedDataLength * scale);
      }
      if (params.dataLength !== undefined)
        params.dataLength = Math.round(params.dataLength * scale);
    }
  }
  return copy;
}

async function main() {
  const [folder, ...rest] = process.argv.slice(2);
  if (folder === undefined)
    throw new Error('Name an artifacts folder (see the header of this file).');
  const edits = parseEdits(rest);
  // Lighthouse's own modules (ES modules, pinned by the lock file): the artifacts' loader and Lantern.
  const { loadArtifacts } = await import('lighthouse/core/lib/asset-saver.js');
  const { LanternLargestContentfulPaint } =
    await import('lighthouse/core/computed/metrics/lantern-largest-contentful-paint.js');
  const constants = await import('lighthouse/core/config/constants.js');
  const artifacts = await loadArtifacts(path.resolve(folder));
  const settings = {
    ...constants.defaultSettings,
    throttlingMethod: 'simulate',
    throttling: constants.throttling.mobileSlow4G,
  };

  const simulate = async (label: string, log: DevtoolsEvent[]) => {
    const data = {
      trace: artifacts.Trace,
      devtoolsLog: log,
      gatherContext: artifacts.GatherContext,
      settings,
      URL: artifacts.URL,
      SourceMaps: artifacts.SourceMaps,
      simulator: null,
    };
    const result = (await LanternLargestContentfulPaint.request(
      data as never,
      {
        computedCache: new Map(),
        settings,
      } as never,
    )) as unknown as LanternResult;
    console.log(`${label}: simulated LCP ${Math.round(result.timing)} ms`);
    const requests = [...result.pessimisticEstimate.nodeTimings]
      .filter(([node]) => node.type === 'network' && node.request !== undefined)
      .sort(([, a], [, b]) => a.startTime - b.startTime);
    for (const [node, timing] of requests) {
      const { url, transferSize } = node.request as { url: string; transferSize: number };
      const where = new URL(url);
      console.log(
        `  ${String(Math.round(timing.startTime)).padStart(5)}–${String(Math.round(timing.endTime)).padEnd(5)} ms` +
          `  ${(transferSize / 1024).toFixed(1).padStart(5)} KB  ${where.pathname}${where.search}`,
      );
    }
  };

  const log = artifacts.DevtoolsLog as unknown as DevtoolsEvent[];
  await simulate('as measured', log);
  if (edits.length > 0) await simulate(rest.join(' '), scaled(log, edits));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
