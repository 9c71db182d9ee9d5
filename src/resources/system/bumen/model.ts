import type { RaRecord } from 'react-admin';
import type { StateStyle } from '../../../components/list/columns';
import type { FilterSpec } from '../../../components/list/filters';

export interface Role extends RaRecord {
  name: string; readOnly: boolean; platformAdmin: boolean; areaId: number; areaName: string | null; userCount: number;
  resourceIds: number[]; pageCount: number; remark: string | null; createdAt: string;
}

/** A menu resource (SPEC.md section 3). */
export interface MenuResource { id: number; userType: number; parentId: number; userSort: number; name: string; resUrl: string; icon: string }

export const ACCESS: Record<string, StateStyle> = {
  false: { label: 'system.access.false', color: 'success' },
  true: { label: 'system.access.true', color: 'default' },
};

export const ROLE_FILTERS: FilterSpec[] = [{ source: 'name', kind: 'search', alwaysOn: true }];

export interface TreeNode extends MenuResource { children: TreeNode[] }

/** The menu resources as a tree (children by userSort), without the root: its groups are the top. */
export function resourceTree(rows: MenuResource[]): TreeNode[] {
  const nodes = new Map(rows.map((row) => [row.id, { ...row, children: [] as TreeNode[] }]));
  const top: TreeNode[] = [];
  for (const node of nodes.values()) {
    const parent = nodes.get(node.parentId);
    if (parent) parent.children.push(node);
    else top.push(node);
  }
  const sort = (list: TreeNode[]) => {
    list.sort((a, b) => a.userSort - b.userSort || a.id - b.id);
    list.forEach((node) => sort(node.children));
  };
  sort(top);
  // The root (userType 0) is granted with any page; it is not a choice of its own.
  return top.flatMap((node) => (node.userType === 0 ? node.children : [node]));
}

/** The leaves under a node (itself when it has no children): what ticking it grants. */
export const leavesOf = (node: TreeNode): number[] => (node.children.length ? node.children.flatMap(leavesOf) : [node.id]);

/** Checked, half-checked or not, from the leaves chosen. */
export function checkState(node: TreeNode, chosen: Set<number>): 'all' | 'some' | 'none' {
  const leaves = leavesOf(node);
  const n = leaves.filter((id) => chosen.has(id)).length;
  return n === 0 ? 'none' : n === leaves.length ? 'all' : 'some';
}

/** The ids a role is granted for chosen leaves: each leaf with its ancestors (the server adds them too). */
export function grantedIds(rows: MenuResource[], leaves: Iterable<number>): number[] {
  const parentOf = new Map(rows.map((row) => [row.id, row.parentId]));
  const out = new Set<number>();
  for (const leaf of leaves) {
    let current: number | undefined = leaf;
    while (current && parentOf.has(current) && !out.has(current)) {
      out.add(current);
      current = parentOf.get(current);
    }
  }
  return [...out].sort((a, b) => a - b);
}
