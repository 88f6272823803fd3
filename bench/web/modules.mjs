/**
 * What a page's first load is made of (issue 33): each loaded script's gzip size shared out over
 * the modules its source map names, in proportion to the bytes each module wrote into the file.
 * Needs a build with source maps beside the files (`WEB_SOURCEMAP=1 npm run build`); used by
 * bench/web/run.mjs with BENCH_MODULES=1, or on its own:
 *
 *   node bench/web/modules.mjs apps/web/build/client assets/entry.client-….js assets/root-….js …
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const DIGIT = Object.fromEntries([...BASE64].map((c, i) => [c, i]));

/** The source index of each mapped segment, per generated line: [[column, source], …]. */
function decodeMappings(mappings) {
  const lines = [];
  let source = 0;
  for (const line of mappings.split(';')) {
    const segments = [];
    let column = 0;
    for (const segment of line.split(',')) {
      if (!segment) continue;
      const values = [];
      let value = 0;
      let shift = 0;
      for (const char of segment) {
        const digit = DIGIT[char];
        value += (digit & 31) << shift;
        if (digit & 32) shift += 5;
        else {
          values.push(value & 1 ? -(value >>> 1) : value >>> 1);
          value = 0;
          shift = 0;
        }
      }
      column += values[0];
      if (values.length > 1) source += values[1];
      segments.push([column, values.length > 1 ? source : -1]);
    }
    lines.push(segments);
  }
  return lines;
}

/** A module's name for the report: the package of a dependency, else the path under the repo. */
export function moduleName(source) {
  const normalised = source.replace(/\\/g, '/');
  const dependency = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(normalised);
  if (dependency) return dependency[1];
  const shared = /packages\/shared\/src\/(.*)$/.exec(normalised);
  if (shared) return `shared/${shared[1]}`;
  const web = /(?:^|\/)src\/(.*)$/.exec(normalised);
  if (web) return `web/${web[1]}`;
  return normalised.replace(/^(\.\.\/)+/, '');
}

/** gzip KB of one file, shared out by module: Map(module → KB). Empty without a source map. */
export function fileBreakdown(code, map) {
  const text = code.toString('utf8');
  const total = gzipSync(code).length / 1024;
  const result = new Map();
  if (!map) return result;
  const lines = decodeMappings(map.mappings);
  const textLines = text.split('\n');
  const chars = new Map();
  let unmapped = 0;
  textLines.forEach((lineText, index) => {
    const segments = lines[index] ?? [];
    let covered = 0;
    segments.forEach(([column, source], i) => {
      const end = i + 1 < segments.length ? segments[i + 1][0] : lineText.length;
      const length = Math.max(0, end - column);
      covered += length;
      if (source < 0) unmapped += length;
      else chars.set(source, (chars.get(source) ?? 0) + length);
    });
    unmapped += Math.max(0, lineText.length - covered);
  });
  const all = text.length || 1;
  for (const [source, count] of chars) {
    const name = moduleName(map.sources[source] ?? '?');
    result.set(name, (result.get(name) ?? 0) + (total * count) / all);
  }
  if (unmapped) result.set('(chunk glue)', (result.get('(chunk glue)') ?? 0) + (total * unmapped) / all);
  return result;
}

/**
 * The modules of the given files (paths as the page requested them, e.g. /assets/x.js), summed,
 * largest first; `group` folds a module into a package-level name (dependencies already are).
 */
export function pageBreakdown(clientDir, files, group = (name) => name) {
  const sums = new Map();
  let withoutMap = 0;
  for (const file of files) {
    const full = path.join(clientDir, file.replace(/^\//, ''));
    if (!existsSync(full)) continue;
    const code = readFileSync(full);
    const mapFile = `${full}.map`;
    if (!existsSync(mapFile)) {
      withoutMap += gzipSync(code).length / 1024;
      continue;
    }
    for (const [name, kb] of fileBreakdown(code, JSON.parse(readFileSync(mapFile, 'utf8')))) {
      const key = group(name);
      sums.set(key, (sums.get(key) ?? 0) + kb);
    }
  }
  if (withoutMap) sums.set('(no source map)', withoutMap);
  return [...sums.entries()].sort((a, b) => b[1] - a[1]);
}

/** The app's own modules by feature folder (web/features/offers/…), dependencies by package. */
export function byArea(name) {
  const web = /^web\/(features\/[^/]+|components\/[^/]+|[^/]+)/.exec(name);
  if (web) return `web/${web[1]}`;
  const shared = /^shared\/([^/]+)/.exec(name);
  if (shared) return `shared/${shared[1]}`;
  return name;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [clientDir, ...files] = process.argv.slice(2);
  const rows = pageBreakdown(clientDir, files);
  const total = rows.reduce((sum, [, kb]) => sum + kb, 0);
  console.log(`${total.toFixed(1)} KB gzip`);
  for (const [name, kb] of rows) console.log(`${kb.toFixed(1).padStart(7)}  ${name}`);
}
