/** A menu resource (SPEC.md section 3): userType 0 root, 1 group, 2 page. */
export interface MenuEntry { id: number; userType: number; parentId: number; userSort: number; name: string; resUrl: string; icon: string }
export interface MenuNode extends MenuEntry { children: MenuNode[] }

/** The entries as a tree (the root at the top), siblings by userSort then id. */
export function menuTree(rows: MenuEntry[]): MenuNode[] {
  const nodes = new Map(rows.map((row) => [row.id, { ...row, children: [] as MenuNode[] }]));
  const top: MenuNode[] = [];
  for (const node of nodes.values()) {
    const parent = nodes.get(node.parentId);
    (parent && parent.id !== node.id ? parent.children : top).push(node);
  }
  const sort = (list: MenuNode[]) => {
    list.sort((a, b) => a.userSort - b.userSort || a.id - b.id);
    list.forEach((node) => sort(node.children));
  };
  sort(top);
  return top;
}

/**
 * The sort values after moving `moved` to position `to` among its siblings: the siblings in their
 * new order numbered 10, 20, 30…; only the entries whose value changes are returned.
 */
export function reorder(siblings: MenuEntry[], moved: number, to: number): { id: number; userSort: number }[] {
  const list = siblings.filter((entry) => entry.id !== moved);
  const entry = siblings.find((item) => item.id === moved);
  if (!entry) return [];
  list.splice(Math.max(0, Math.min(to, list.length)), 0, entry);
  return list.map((item, i) => ({ id: item.id, userSort: (i + 1) * 10 })).filter((item, i) => list[i].userSort !== item.userSort);
}

/** The entries a new or moved entry may sit under: the root and the groups (never itself or below it). */
export function parentChoices(rows: MenuEntry[], self?: number): MenuEntry[] {
  const below = new Set<number>();
  if (self !== undefined) {
    below.add(self);
    let grew = true;
    while (grew) {
      grew = false;
      for (const row of rows) if (below.has(row.parentId) && !below.has(row.id)) { below.add(row.id); grew = true; }
    }
  }
  return rows.filter((row) => row.userType < 2 && !below.has(row.id));
}
