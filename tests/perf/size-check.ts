// `npm run size`: checks the built dist/ against the DESIGN size budgets (no build). Exit 1 when over budget,
// 2 when dist/ is missing or unreadable. Usage: node --import tsx tests/perf/size-check.ts [distDir] [--details]
import path from 'node:path';
import { formatReport, loadDist } from './sizes.ts';

const args = process.argv.slice(2);
const details = args.includes('--details');
const distDir = path.resolve(args.find((a) => !a.startsWith('--')) ?? 'dist');

try {
  const report = loadDist(distDir);
  console.log(formatReport(report, { distLabel: `${path.relative(process.cwd(), distDir) || '.'}/`, details }));
  process.exitCode = report.over ? 1 : 0;
} catch (e) {
  console.error(`size check: ${(e as Error).message}`);
  process.exitCode = 2;
}
