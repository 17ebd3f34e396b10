/**
 * `npx tsx bench/profile-summary.ts <file.cpuprofile> [top]`: where a V8 CPU profile's time went, as the
 * shares the performance notes quote. Self time is summed by function and by where its code lives (a package
 * of node_modules, a workspace, Node's own code, garbage collection, idle), and total time (self and callees,
 * each sample counted once) for the functions that cover most of it.
 */
import { existsSync, readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { fileURLToPath } from 'node:url';

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}

interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}

interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const [file, topArgument] = process.argv.slice(2);
if (file === undefined) {
  process.stderr.write('Usage: tsx bench/profile-summary.ts <file.cpuprofile> [top]\n');
  process.exit(2);
}
const TOP = Number(topArgument ?? 25);
const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;

/** A bundle's frames named by their source (a workspace's file and line), where the bundle has its source map. */
const sourceMaps = new Map<string, SourceMap | undefined>();
function sourceMapOf(url: string): SourceMap | undefined {
  if (!sourceMaps.has(url)) {
    const mapFile = url.startsWith('file://') ? `${fileURLToPath(url)}.map` : undefined;
    sourceMaps.set(
      url,
      mapFile !== undefined && existsSync(mapFile)
        ? new SourceMap(JSON.parse(readFileSync(mapFile, 'utf8')) as never)
        : undefined,
    );
  }
  return sourceMaps.get(url);
}
for (const node of profile.nodes) {
  const frame = node.callFrame;
  const entry = sourceMapOf(frame.url)?.findEntry(frame.lineNumber, frame.columnNumber);
  if (entry !== undefined && 'originalSource' in entry) {
    frame.url = entry.originalSource.replace(/^(\.\.\/)+/, '/');
    frame.lineNumber = entry.originalLine;
  }
}

const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const parentOf = new Map<number, number>();
for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);

/** Where a frame's code lives: the package or workspace, else Node's own code or V8's pseudo-frames. */
function placeOf({ url, functionName }: CallFrame): string {
  if (url === '') return `(${functionName.replace(/[()]/g, '')})`;
  const modules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (modules) return modules[1]!;
  const workspace = /\/(packages|services|web)\/([^/]+)\//.exec(url);
  if (workspace) return `${workspace[1]}/${workspace[2]}`;
  if (url.startsWith('node:')) return url;
  return url.replace(/^file:\/\/.*\//, '');
}

const frameName = ({ functionName, url, lineNumber }: CallFrame) =>
  `${functionName || '(anonymous)'} ${url.replace(/^file:\/\/.*\//, '')}:${lineNumber + 1}`;

const self = new Map<number, number>();
let total = 0;
profile.samples.forEach((id, index) => {
  const delta = profile.timeDeltas[index] ?? 0;
  self.set(id, (self.get(id) ?? 0) + delta);
  total += delta;
});

function sumBy(key: (node: ProfileNode) => string): [string, number][] {
  const sums = new Map<string, number>();
  for (const [id, time] of self) {
    const name = key(byId.get(id)!);
    sums.set(name, (sums.get(name) ?? 0) + time);
  }
  return [...sums].sort((a, b) => b[1] - a[1]);
}

/** Time of each frame name with its callees, a sample counted once however often the name is on its stack. */
function inclusive(): [string, number][] {
  const sums = new Map<string, number>();
  for (const [id, time] of self) {
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parentOf.get(at)) {
      const name = frameName(byId.get(at)!.callFrame);
      if (seen.has(name)) continue;
      seen.add(name);
      sums.set(name, (sums.get(name) ?? 0) + time);
    }
  }
  return [...sums].sort((a, b) => b[1] - a[1]);
}

const busy =
  total - (sumBy((node) => node.callFrame.functionName).find(([name]) => name === '(idle)')?.[1] ?? 0);
const share = (time: number) => `${((100 * time) / busy).toFixed(1).padStart(5)} %`;
const print = (title: string, rows: [string, number][]) => {
  process.stdout.write(`\n${title}\n`);
  for (const [name, time] of rows.slice(0, TOP))
    process.stdout.write(`  ${share(time)}  ${(time / 1000).toFixed(0).padStart(7)} ms  ${name}\n`);
};

process.stdout.write(
  `${file}: ${(total / 1e6).toFixed(1)} s sampled, ${(busy / 1e6).toFixed(1)} s busy (shares are of busy time)\n`,
);
print(
  'Self time by place',
  sumBy((node) => placeOf(node.callFrame)),
);
print(
  'Self time by function',
  sumBy((node) => frameName(node.callFrame)),
);
print(
  'Total time by function',
  inclusive().filter(([name]) => !name.startsWith('(')),
);
