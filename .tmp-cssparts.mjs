import * as sass from 'sass';
import fs from 'node:fs';
import zlib from 'node:zlib';
const src = fs.readFileSync('/work/main/src/ui/theme.scss', 'utf8');
const opts = { loadPaths: ['/work/main/node_modules'], style: 'compressed', quietDeps: true, silenceDeprecations: ['import','global-builtin','color-functions','if-function'], logger: sass.Logger.silent };
const gz = (s) => zlib.gzipSync(s, { level: 9 }).length;
const full = sass.compileString(src, opts).css;
console.log('full', full.length, gz(full));
const parts = [...src.matchAll(/@import 'bootstrap\/scss\/([a-z\-\/]+)';/g)].map(m => m[1]).filter(p => !['functions','variables','maps','mixins','utilities'].includes(p));
for (const p of parts) {
  const css = sass.compileString(src.replace(`@import 'bootstrap/scss/${p}';`, ''), opts).css;
  console.log(p.padEnd(16), full.length - css.length, gz(full) - gz(css));
}
const shell = src.indexOf('// 3. The shell');
const css2 = sass.compileString(src.slice(0, shell), opts).css;
console.log('shell', full.length - css2.length, gz(full) - gz(css2));
