// Sums the self time of a V8 CPU profile (`node --cpu-prof`, a .cpuprofile JSON) per function and per file, and
// prints the top entries: where a server process spent its CPU (docs/perf.md, server throughput).
// Usage: node --import tsx tests/perf/cpu-profile-summary.ts <file.cpuprofile> [top=25]
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/**
 * Self time in ms per function (`name file:line`) and per file (node_modules packages folded to their package
 * name), from the profile's samples and their time deltas (µs).
 */
export function summarise(profile: Profile): { total: number; functions: Map<string, number>; files: Map<string, number> } {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const functions = new Map<string, number>();
  const files = new Map<string, number>();
  let total = 0;
  const add = (m: Map<string, number>, k: string, v: number) => m.set(k, (m.get(k) ?? 0) + v);
  profile.samples.forEach((id, i) => {
    const ms = (profile.timeDeltas[i] ?? 0) / 1000;
    const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
    const file = url
      .replace(/^file:\/\//, '')
      .replace(/^.*\/node_modules\/((@[^/]+\/)?[^/]+).*$/, '[$1]')
      .replace(/^.*\/(server|contract|tests)\//, '$1/');
    total += ms;
    add(functions, `${functionName || '(anonymous)'} ${file || '(native)'}:${lineNumber + 1}`, ms);
    add(files, file || `(${functionName})`, ms);
  });
  return { total, functions, files };
}

if (process.argv[1]?.endsWith('cpu-profile-summary.ts')) {
  const [file, topArg] = process.argv.slice(2);
  const top = Number(topArg ?? 25);
  const { total, functions, files } = summarise(JSON.parse(readFileSync(file, 'utf8')) as Profile);
  const print = (title: string, m: Map<string, number>) => {
    console.log(`\n${title}`);
    for (const [k, v] of [...m].sort((a, b) => b[1] - a[1]).slice(0, top))
      console.log(`${((v / total) * 100).toFixed(1).padStart(5)}%  ${v.toFixed(0).padStart(6)} ms  ${k}`);
  };
  console.log(`total ${total.toFixed(0)} ms`);
  print('self time per file', files);
  print('self time per function', functions);
}
