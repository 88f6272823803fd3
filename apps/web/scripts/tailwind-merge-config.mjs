/**
 * Writes src/lib/tailwind-merge-config.ts (issue 33, decision 061): tailwind-merge's configuration
 * for the class names the app's sources use (scripts/class-tokens.mjs). Each name the library looks
 * up for one of those classes (its base, without variants, and without a `/…` postfix) is listed
 * under the class group the default configuration gives it, with the default conflicts between
 * those groups: the library's core without its 5 KB default configuration and validators.
 * src/lib/cn.test.ts proves the result merges every pair of the app's class names as `twMerge`
 * does, and fails when a class name is not listed: then run it again:
 *
 *   node apps/web/scripts/tailwind-merge-config.mjs
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';
import { createTailwindMerge, getDefaultConfig } from 'tailwind-merge';
import { classTokens } from './class-tokens.mjs';

const OUT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src/lib/tailwind-merge-config.ts');

const base = getDefaultConfig();

/** How the library parses each class (its own parser, seen through the parse hook). */
function parsed(token) {
  let seen;
  createTailwindMerge(() => ({
    ...base,
    experimentalParseClassName: ({ className, parseClassName }) => {
      seen = parseClassName(className);
      return seen;
    },
  }))(token);
  return seen;
}

/** A merger that looks `name` up as it is (no variants, no postfix). */
const asIs = (config) => () => ({
  ...config,
  experimentalParseClassName: ({ className }) => ({
    modifiers: [],
    hasImportantModifier: false,
    baseClassName: className,
    maybePostfixModifierPosition: undefined,
  }),
});

/** The default class group of `name`, or null: probed through a conflict with a sentinel group. */
function groupOf(name) {
  if (createTailwindMerge(asIs(base))(`${name} ${name}`) !== name) return null;
  for (const group of Object.keys(base.classGroups)) {
    const alone = createTailwindMerge(
      asIs({ ...base, classGroups: { [group]: base.classGroups[group] }, conflictingClassGroups: {} }),
    );
    if (alone(`${name} ${name}`) !== name) continue;
    const probe = createTailwindMerge(
      asIs({
        ...base,
        classGroups: { ...base.classGroups, probe: ['zz-probe'] },
        conflictingClassGroups: { [group]: ['probe'] },
        conflictingClassGroupModifiers: {},
      }),
    );
    if (probe(`zz-probe ${name}`) === name) return group;
  }
  throw new Error(`no class group found for ${name}`);
}

const groups = new Map();
for (const token of classTokens()) {
  const { baseClassName, maybePostfixModifierPosition: postfix } = parsed(token);
  const names = postfix ? [baseClassName.substring(0, postfix), baseClassName] : [baseClassName];
  for (const name of names) {
    const group = groupOf(name);
    if (!group) continue;
    if (!groups.has(group)) groups.set(group, new Set());
    // The library looks a negative value up without its minus: `-mt-2` as `mt-2`.
    groups.get(group).add(name.replace(/^-(?=.)/, ''));
  }
}
const order = Object.keys(base.classGroups).filter((group) => groups.has(group));
const keep = new Set(order);
const list = (values) => `[${values.map((value) => JSON.stringify(value)).join(', ')}]`;
/**
 * A group's names as the library's own definitions are written: \`{ "gap": ["2", "x-4"] }\` for
 * \`gap-2 gap-x-4\` (the library splits a name at every dash either way), a name without a dash as is.
 */
function definition(names) {
  const plain = names.filter((name) => !name.includes('-'));
  const byFirst = new Map();
  for (const name of names.filter((name) => name.includes('-'))) {
    const [first, ...rest] = name.split('-');
    byFirst.set(first, [...(byFirst.get(first) ?? []), rest.join('-')]);
  }
  const nested = [...byFirst].map(([first, rests]) => `${JSON.stringify(first)}: ${list(rests)}`);
  return `[${[...plain.map((name) => JSON.stringify(name)), ...(nested.length ? [`{ ${nested.join(', ')} }`] : [])].join(', ')}]`;
}
const subset = (map) =>
  Object.entries(map)
    .filter(([group]) => keep.has(group))
    .map(([group, others]) => [group, others.filter((other) => keep.has(other))])
    .filter(([, others]) => others.length > 0)
    .map(([group, others]) => `    ${JSON.stringify(group)}: ${list(others)},`);

const text = `// Written by apps/web/scripts/tailwind-merge-config.mjs from tailwind-merge's default configuration
// (decision 061): the class names the app uses, each under its default class group. Do not edit by hand.
import type { Config } from 'tailwind-merge';

export const tailwindMergeConfig = (): Config<string, string> => ({
  cacheSize: ${base.cacheSize},
  theme: {},
  classGroups: {
${order.map((group) => `    ${JSON.stringify(group)}: ${definition([...groups.get(group)].sort())},`).join('\n')}
  },
  conflictingClassGroups: {
${subset(base.conflictingClassGroups).join('\n')}
  },
  conflictingClassGroupModifiers: {
${subset(base.conflictingClassGroupModifiers).join('\n')}
  },
  postfixLookupClassGroups: ${list(base.postfixLookupClassGroups.filter((group) => keep.has(group)))},
  orderSensitiveModifiers: ${list(base.orderSensitiveModifiers)},
});
`;
writeFileSync(OUT, await format(text, { ...(await resolveConfig(OUT)), filepath: OUT }));
console.log(
  `${order.length} class groups, ${[...groups.values()].reduce((n, s) => n + s.size, 0)} names → ${path.relative(process.cwd(), OUT)}`,
);
