// Summarises a V8 .cpuprofile (node --cpu-prof): where the samples fell, by function (self time)
// and by package or source folder, plus the inclusive time of the heaviest frames. Used to find
// the cost on the quote path (see BENCH_CPU_PROF in bench/README.md).
//
//   node bench/cpu-profile-summary.mjs <file.cpuprofile> [top=25] [skip seconds=0] [until seconds]
//
// Skipping the first seconds leaves the start-up (module loading, Nest's bootstrap) out; `until`
// ends the window there (a bench's measured phase, without what it does before and after). Idle time
// and native socket writes are listed but not counted in the percentages: the profiler samples
// wall-clock time, and a process descheduled after waking its peer shows up inside its write.
import { readFileSync } from 'node:fs';

const [file, topArg, skipArg, untilArg] = process.argv.slice(2);
if (!file) {
  process.stderr.write(
    'usage: node bench/cpu-profile-summary.mjs <file.cpuprofile> [top] [skip seconds] [until seconds]\n',
  );
  process.exit(2);
}
const top = Number(topArg ?? 25);
const skipMicros = Number(skipArg ?? 0) * 1e6;
const untilMicros = untilArg === undefined ? Infinity : Number(untilArg) * 1e6;
const NOT_WORK = new Set(['(idle)', 'writev', 'writeBuffer', '(program)']);
const profile = JSON.parse(readFileSync(file, 'utf8'));

const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
const parentOf = new Map();
for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);

// Sample time per node: timeDeltas[i] is the time before samples[i].
const selfMicros = new Map();
let elapsed = 0;
let excluded = 0;
profile.samples.forEach((id, i) => {
  const delta = profile.timeDeltas[i] ?? 0;
  elapsed += delta;
  if (elapsed < skipMicros || elapsed > untilMicros) return;
  if (NOT_WORK.has(nodes.get(id).callFrame.functionName)) excluded += delta;
  else selfMicros.set(id, (selfMicros.get(id) ?? 0) + delta);
});
const total = [...selfMicros.values()].reduce((a, b) => a + b, 0);

function where(frame) {
  const url = frame.url ?? '';
  if (!url) return frame.functionName.startsWith('(') ? frame.functionName : '(native)';
  const modules = url.lastIndexOf('node_modules/');
  if (modules >= 0) {
    const rest = url.slice(modules + 'node_modules/'.length).split('/');
    return rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
  }
  if (url.startsWith('node:')) return url;
  const dist = url.indexOf('/dist/');
  return dist >= 0
    ? url
        .slice(dist + 6)
        .split('/')
        .slice(0, 3)
        .join('/')
    : url;
}
const label = (frame) =>
  `${frame.functionName || '(anonymous)'} ${where(frame)}:${(frame.lineNumber ?? 0) + 1}`;

const add = (map, key, micros) => map.set(key, (map.get(key) ?? 0) + micros);
const byFunction = new Map();
const byPlace = new Map();
const inclusive = new Map();
for (const [id, micros] of selfMicros) {
  const frame = nodes.get(id).callFrame;
  add(byFunction, label(frame), micros);
  add(byPlace, where(frame), micros);
  // Each distinct label on the stack gets the sample once (recursion counted once).
  const seen = new Set();
  for (let at = id; at !== undefined; at = parentOf.get(at)) {
    const key = label(nodes.get(at).callFrame);
    if (!seen.has(key)) {
      seen.add(key);
      add(inclusive, key, micros);
    }
  }
}

const pct = (micros) => `${((micros / total) * 100).toFixed(1).padStart(5)}%`;
const print = (title, map) => {
  process.stdout.write(`\n${title}\n`);
  for (const [key, micros] of [...map].sort((a, b) => b[1] - a[1]).slice(0, top))
    process.stdout.write(`  ${pct(micros)}  ${key}\n`);
};
process.stdout.write(
  `${file}: ${(total / 1e6).toFixed(2)} s of work sampled (100%), plus ${(excluded / 1e6).toFixed(2)} s idle, ` +
    'in native socket writes or (program)\n',
);
print('self time by package / folder', byPlace);
print('self time by function', byFunction);
print('inclusive time by frame', inclusive);
