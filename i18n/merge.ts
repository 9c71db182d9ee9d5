type Tree = { [key: string]: unknown };

type Intersect<T extends readonly unknown[]> = T extends readonly [infer Head, ...infer Rest] ? Head & Intersect<Rest> : unknown;

const isTree = (value: unknown): value is Tree => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A catalog made of a base and slices (`i18n/archives/<slice>/<lang>.ts`), merged key by key: a
 * screen group keeps its messages in files of its own. A key given twice is a mistake and throws.
 */
export function mergeCatalog<T extends readonly Tree[]>(...parts: T): Intersect<T> {
  const out: Tree = {};
  for (const part of parts) mergeInto(out, part, '');
  return out as Intersect<T>;
}

function mergeInto(target: Tree, source: Tree, path: string): Tree {
  for (const [key, value] of Object.entries(source)) {
    const here = path ? `${path}.${key}` : key;
    const existing = target[key];
    if (isTree(existing) && isTree(value)) mergeInto(existing, value, here);
    else if (existing !== undefined) throw new Error(`i18n: message ${here} is defined twice`);
    else target[key] = isTree(value) ? mergeInto({}, value, here) : value;
  }
  return target;
}
