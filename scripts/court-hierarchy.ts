/**
 * Writes packages/shared/src/reference-data/court-hierarchy.generated.ts: the hierarchy
 * (district → regional → appellate) and the divisions of every court of the product's court list
 * (courts-snapshot.ts), reconciled with the court codes of the judgments portal SAOS:
 *
 *   npx tsx scripts/court-hierarchy.ts [path/to/commonCourts.xml]
 *
 * (default: ../shared/reference/saos-commonCourts.xml beside the repository; the file is read,
 * never changed). The court list stays the product's: a court is taken from the file only where
 * the slug of its name equals a product court's id, or the product's name is the file's name
 * shortened by a renamed seat (Stargard Szczeciński → Stargard). The Ministry of Justice's 8-digit
 * code 15AARRDD gives the hierarchy: AA the appellate area, RR the regional court within it, DD the
 * district court within that (15AA0000 an appellate court, 15AARR00 a regional one). For a product
 * court the file lacks, the parent is derived by the rules in `reconcile` and each such decision is
 * written into the generated file's header.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { COURTS, type Court } from '../packages/shared/src/reference-data/courts.ts';
import { slugify } from '../packages/shared/src/seolink.ts';

const ROOT = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const OUT = path.join(ROOT, 'packages/shared/src/reference-data/court-hierarchy.generated.ts');
const DEFAULT_XML = path.join(ROOT, '..', 'shared', 'reference', 'saos-commonCourts.xml');

export const SAOS_SOURCE = {
  file: 'saos-persistence/src/main/resources/dbinit/commonCourts.xml',
  repository: 'https://github.com/CeON/saos',
  commit: '8b3a1cdf1914ab07f551f5cb0d4d13ad5a27e894',
  committed: '2017-12-21',
  licence: "GPL-3.0 (the repository's licence)",
} as const;

/**
 * District courts the file lacks and whose seat held no branch division of a court there: their
 * regional court by the Minister of Justice's regulation on the seats and areas of the courts,
 * written by hand (the product's list order alone put Maków Mazowiecki under Olsztyn).
 */
const KNOWN_REGIONAL_COURTS: Readonly<Record<string, string>> = {
  'sad-rejonowy-w-makowie-mazowieckim': 'sad-okregowy-w-ostrolece',
  'sad-rejonowy-w-lecznej': 'sad-okregowy-w-lublinie',
  'sad-rejonowy-w-zurominie': 'sad-okregowy-w-plocku',
};

export interface XmlCourt {
  code: string;
  name: string;
  divisions: { code: string; name: string }[];
}

const unescapeXml = (text: string) =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');
const clean = (text: string) => unescapeXml(text).replace(/\s+/g, ' ').trim();

/** The courts of SAOS's commonCourts.xml, in the file's order. */
export function courtsFromXml(xml: string): XmlCourt[] {
  return [...xml.matchAll(/<court id="(\d{8})">([\s\S]*?)<\/court>/g)].map((match) => {
    const body = match[2]!;
    const name = /<name>([^<]*)<\/name>/.exec(body)?.[1];
    if (!name) throw new Error(`court ${match[1]} has no name`);
    const divisions = [...body.matchAll(/<department id="(\d{7})">([^<]*)<\/department>/g)].map((d) => ({
      code: d[1]!,
      name: clean(d[2]!),
    }));
    return { code: match[1]!, name: clean(name), divisions };
  });
}

/** The code of the court one level up: 15AARRDD → 15AARR00 → 15AA0000; null for an appellate court. */
export function parentCodeOf(code: string): string | null {
  if (!/^\d{8}$/.test(code)) throw new Error(`not a court code: ${code}`);
  if (code.slice(6) !== '00') return `${code.slice(0, 6)}00`;
  if (code.slice(4, 6) !== '00') return `${code.slice(0, 4)}0000`;
  return null;
}

/** 'Sąd Rejonowy w Lwówku Śląskim' → 'lwowku-slaskim': the seat in the locative, as a slug. */
function seatOf(name: string): string {
  const match = / we? ([^]*)$/.exec(name);
  return slugify(match?.[1] ?? name);
}

export interface CourtNode {
  id: string;
  code: string | null;
  parent: string | null;
  divisions: { code: string; name: string }[];
}

export interface Reconciled {
  nodes: CourtNode[];
  /** one line per decision the file did not make by itself */
  decisions: string[];
}

/**
 * The product's courts with codes, parents and divisions. Rules, in order:
 * 1. same name (slug): the file's code, parent and divisions;
 * 2. the file's name is the product's plus more words (a renamed seat): likewise, recorded;
 * 3. a regional court the file lacks (created since 2017): the appellate area of the file's court
 *    with the same seat; the district court of its seat moves under it;
 * 4. a district court the file lacks, whose seat held a branch division (wydział zamiejscowy) of a
 *    file court: that court's regional court;
 * 5. otherwise: KNOWN_REGIONAL_COURTS, written by hand; failing that the regional court of the
 *    district courts before and after it in the product's list when they agree (the list groups
 *    district courts by regional court, courts-snapshot.ts's header), else none.
 */
export function reconcile(courts: readonly Court[], xmlCourts: readonly XmlCourt[]): Reconciled {
  const decisions: string[] = [];
  const xmlBySlug = new Map(xmlCourts.map((c) => [slugify(c.name), c]));
  const matched = new Map<string, XmlCourt>();
  const taken = new Set<string>();
  for (const court of courts) {
    const same = xmlBySlug.get(court.id);
    if (same) {
      matched.set(court.id, same);
      taken.add(same.code);
    }
  }
  for (const court of courts) {
    if (matched.has(court.id)) continue;
    const renamed = xmlCourts.filter((x) => !taken.has(x.code) && slugify(x.name).startsWith(`${court.id}-`));
    if (renamed.length === 1) {
      const [xml] = renamed as [XmlCourt];
      matched.set(court.id, xml);
      taken.add(xml.code);
      decisions.push(
        `${court.name}: the file's "${xml.name}" (${xml.code}), the seat renamed since; its code, parent and divisions taken.`,
      );
    }
  }
  const idByCode = new Map([...matched].map(([id, xml]) => [xml.code, id]));
  const nodes = new Map<string, CourtNode>();
  for (const court of courts) {
    const xml = matched.get(court.id);
    const parentCode = xml ? parentCodeOf(xml.code) : null;
    nodes.set(court.id, {
      id: court.id,
      code: xml?.code ?? null,
      parent: parentCode ? (idByCode.get(parentCode) ?? null) : null,
      divisions: xml?.divisions ?? [],
    });
  }

  // 3. regional courts created since the file
  for (const court of courts.filter((c) => c.kind === 'SO' && !matched.has(c.id))) {
    const seat = seatOf(court.name);
    const sameSeat = xmlCourts.find((x) => seatOf(x.name) === seat && idByCode.has(x.code));
    const appellate = sameSeat ? appellateOf(nodes, idByCode.get(sameSeat.code)!) : null;
    nodes.get(court.id)!.parent = appellate;
    decisions.push(
      `${court.name}: not in the file (created since); appellate area ${appellate ?? 'unknown'}, that of "${sameSeat?.name ?? '?'}" of the same seat.`,
    );
    for (const district of courts.filter((c) => c.kind === 'SR' && c.city === court.city)) {
      const node = nodes.get(district.id)!;
      if (node.parent === court.id) continue;
      decisions.push(
        `${district.name}: moved from ${node.parent ?? 'no parent'} to the new ${court.id} of its seat. The other district courts of that area stay under their 2017 regional court: the file cannot tell which moved.`,
      );
      node.parent = court.id;
    }
  }

  // 4. and 5. district courts the file lacks
  courts.forEach((court, index) => {
    if (court.kind !== 'SR' || matched.has(court.id)) return;
    const node = nodes.get(court.id)!;
    if (node.parent) return;
    const seat = seatOf(court.name);
    const branchOf = xmlCourts.find((x) =>
      x.divisions.some((d) => /zamiejscow/i.test(d.name) && slugify(d.name).endsWith(`-${seat}`)),
    );
    const branchCourt = branchOf ? idByCode.get(branchOf.code) : undefined;
    if (branchOf && branchCourt) {
      const branchIsRegional = courts.find((c) => c.id === branchCourt)?.kind === 'SO';
      node.parent = branchIsRegional ? branchCourt : nodes.get(branchCourt)!.parent;
      decisions.push(
        `${court.name}: not in the file; its seat held a branch division of "${branchOf.name}", so its regional court: ${node.parent ?? 'unknown'}.`,
      );
      return;
    }
    const known = KNOWN_REGIONAL_COURTS[court.id];
    if (known) {
      node.parent = known;
      decisions.push(
        `${court.name}: not in the file and no branch division there; regional court ${known}, written by hand (KNOWN_REGIONAL_COURTS in the script). Check on the next refresh.`,
      );
      return;
    }
    const neighbour = (list: readonly Court[]) =>
      list.find((c) => c.kind === 'SR' && nodes.get(c.id)!.parent);
    const before = neighbour(courts.slice(0, index).reverse());
    const after = neighbour(courts.slice(index + 1));
    const guess = before && after && nodes.get(before.id)!.parent === nodes.get(after.id)!.parent;
    node.parent = guess ? nodes.get(before.id)!.parent : null;
    decisions.push(
      `${court.name}: not in the file and no branch division there; ${guess ? `the regional court of the district courts around it in the product's list: ${node.parent}` : 'its regional court is unknown (no area covers it; courts one by one and cities still do)'}. Check on the next refresh.`,
    );
  });

  const unused = xmlCourts.filter((x) => !taken.has(x.code));
  for (const x of unused)
    decisions.push(
      `"${x.name}" (${x.code}): in the file, not in the product's list; left out (the list is the product's).`,
    );
  return { nodes: [...nodes.values()], decisions };
}

function appellateOf(nodes: Map<string, CourtNode>, id: string): string | null {
  let current: string | null = id;
  for (let depth = 0; current && depth < 3; depth += 1) {
    const node = nodes.get(current);
    if (!node?.parent) return current.startsWith('sad-apelacyjny') ? current : null;
    current = node.parent;
  }
  return current;
}

export function hierarchySource(result: Reconciled): string {
  const header = [
    'Generated by scripts/court-hierarchy.ts: do not edit by hand, run the script instead.',
    '',
    'The hierarchy (district → regional → appellate court) and the divisions of the courts of',
    "courts-snapshot.ts (the product's court list, whose ids these are), taken from the court codes of",
    `SAOS, ${SAOS_SOURCE.repository}, ${SAOS_SOURCE.file},`,
    `last changed in commit ${SAOS_SOURCE.commit} (${SAOS_SOURCE.committed}). Licence: ${SAOS_SOURCE.licence}.`,
    "The codes are the Ministry of Justice's: 15AARRDD (AA appellate area, RR regional court, DD district",
    'court), divisions with their 7-digit codes, as SAOS knew them in 2017.',
    '',
    "Reconciliation: the court list stays the product's (newer); a court takes its code, parent and",
    'divisions from the file where the names agree. What the file did not decide by itself:',
    ...result.decisions.map((d) => `- ${d}`),
  ];
  const tree = result.nodes.map(
    (n) => `  ${JSON.stringify(n.id)}: [${JSON.stringify(n.code)}, ${JSON.stringify(n.parent)}],`,
  );
  const divisions = result.nodes
    .filter((n) => n.divisions.length > 0)
    .map(
      (n) =>
        `  ${JSON.stringify(n.id)}: [\n${n.divisions.map((d) => `    [${JSON.stringify(d.code)}, ${JSON.stringify(d.name)}],`).join('\n')}\n  ],`,
    );
  return `/*
${header.map((l) => ` * ${l}`.trimEnd()).join('\n')}
 */

export const COURT_HIERARCHY_SOURCE = ${JSON.stringify(SAOS_SOURCE, null, 2)} as const;

/** court id → [8-digit court code (null: not in the file), parent court id (null: none or unknown)] */
export const COURT_TREE: Readonly<Record<string, readonly [code: string | null, parent: string | null]>> = {
${tree.join('\n')}
};

/** court id → its divisions as [7-digit code, name], in the file's order */
export const COURT_DIVISIONS: Readonly<Record<string, readonly (readonly [code: string, name: string])[]>> = {
${divisions.join('\n')}
};
`;
}

function main(argv: string[]) {
  const file = argv[0] ?? DEFAULT_XML;
  const result = reconcile(COURTS, courtsFromXml(readFileSync(file, 'utf8')));
  writeFileSync(OUT, hierarchySource(result));
  console.log(`wrote ${result.nodes.length} courts, ${result.decisions.length} decisions to ${OUT}`);
  for (const decision of result.decisions) console.log(`- ${decision}`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main(process.argv.slice(2));
