export interface NestedMessages {
  [segment: string]: string | NestedMessages;
}

/** Turns dotted keys into the nested objects i18next resource files use. */
export function nestMessages(flat: Readonly<Record<string, string>>): NestedMessages {
  const root: NestedMessages = {};
  for (const [key, text] of Object.entries(flat)) {
    const segments = key.split('.');
    let node = root;
    for (const segment of segments.slice(0, -1)) {
      const next = node[segment];
      if (typeof next === 'string') throw new Error(`Key ${key} nests under the message ${segment}`);
      node = next ?? (node[segment] = {});
    }
    const leaf = segments[segments.length - 1]!;
    if (leaf in node) throw new Error(`Key ${key} clashes with a nested group`);
    node[leaf] = text;
  }
  return root;
}
