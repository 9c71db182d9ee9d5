import { useMemo, useState } from 'react';
import { useDataProvider, useInput, useTranslate } from 'react-admin';
import { Box, Button, Checkbox, Collapse, FormHelperText, IconButton, Paper, Stack, Typography } from '@mui/material';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { useQuery } from '@tanstack/react-query';
import type { MeteringDataProvider } from '../../../data/dataProvider';
import { checkState, grantedIds, leavesOf, resourceTree, type MenuResource, type TreeNode } from './model';

/** The menu resources, read once per visit. */
function useMenuResources() {
  const dataProvider = useDataProvider<MeteringDataProvider>();
  return useQuery({ queryKey: ['bumen', 'resources'], queryFn: () => dataProvider.invoke<MenuResource[]>('bumen', 'resources'), staleTime: 30_000 });
}

function Node({ node, chosen, toggle, open, setOpen, disabled }: {
  node: TreeNode; chosen: Set<number>; toggle: (node: TreeNode, on: boolean) => void; open: Set<number>; setOpen: (id: number) => void; disabled?: boolean;
}) {
  const translate = useTranslate();
  const state = checkState(node, chosen);
  const isOpen = open.has(node.id);
  const label = node.name || translate('layout.untitledMenu');
  return (
    <Box component="li" sx={{ listStyle: 'none' }}>
      <Stack direction="row" sx={{ alignItems: 'center', minHeight: 32 }}>
        {node.children.length ? (
          <IconButton size="small" onClick={() => setOpen(node.id)} aria-label={label} aria-expanded={isOpen}>
            {isOpen ? <ExpandMoreIcon fontSize="small" /> : <ChevronRightIcon fontSize="small" />}
          </IconButton>
        ) : <Box sx={{ width: 30 }} />}
        <Checkbox
          size="small" checked={state === 'all'} indeterminate={state === 'some'} disabled={disabled}
          onChange={(event) => toggle(node, event.target.checked)} slotProps={{ input: { 'aria-label': label } }}
        />
        <Typography variant="body2" sx={{ fontWeight: node.children.length ? 600 : 400 }}>{label}</Typography>
        {node.resUrl && <Typography variant="caption" color="text.secondary" sx={{ ml: 1 }}>{node.resUrl}</Typography>}
        {node.children.length > 0 && (
          <Typography variant="caption" color="text.secondary" sx={{ ml: 1 }}>
            {leavesOf(node).filter((id) => chosen.has(id)).length}/{leavesOf(node).length}
          </Typography>
        )}
      </Stack>
      {node.children.length > 0 && (
        <Collapse in={isOpen} unmountOnExit>
          <Box component="ul" sx={{ pl: 3, m: 0 }}>
            {node.children.map((child) => <Node key={child.id} node={child} chosen={chosen} toggle={toggle} open={open} setOpen={setOpen} disabled={disabled} />)}
          </Box>
        </Collapse>
      )}
    </Box>
  );
}

/**
 * The menu resources a role is granted: the menu as a tree of checkboxes. Ticking a group grants
 * all its screens; a group with some of them is half-checked. The value (`resourceIds`) holds the
 * chosen screens with their groups and the root, as the server stores them.
 */
export function ResourceTreeInput({ source = 'resourceIds', disabled }: { source?: string; disabled?: boolean }) {
  const translate = useTranslate();
  const { field } = useInput({ source, defaultValue: [] });
  const { data: rows = [] } = useMenuResources();
  const tree = useMemo(() => resourceTree(rows), [rows]);
  const leafIds = useMemo(() => new Set(tree.flatMap(leavesOf)), [tree]);
  const chosen = useMemo(() => new Set(((field.value ?? []) as number[]).filter((id) => leafIds.has(id))), [field.value, leafIds]);
  const [open, setOpenIds] = useState<Set<number>>(() => new Set());
  const setOpen = (id: number) => setOpenIds((ids) => {
    const next = new Set(ids);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    return next;
  });
  const write = (leaves: Set<number>) => field.onChange(grantedIds(rows, leaves));
  const toggle = (node: TreeNode, on: boolean) => {
    const next = new Set(chosen);
    for (const id of leavesOf(node)) {
      if (on) next.add(id);
      else next.delete(id);
    }
    write(next);
  };
  return (
    <Box sx={{ width: '100%' }}>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 0.5 }}>
        <Typography variant="subtitle2">{translate('system.grants')}</Typography>
        <Typography variant="caption" color="text.secondary">{translate('system.grantsCount', { count: chosen.size, total: leafIds.size })}</Typography>
        <Box sx={{ flex: 1 }} />
        <Button size="small" onClick={() => setOpenIds(new Set(tree.map((node) => node.id)))}>{translate('system.expandAll')}</Button>
        <Button size="small" onClick={() => setOpenIds(new Set())}>{translate('system.collapseAll')}</Button>
        <Button size="small" disabled={disabled} onClick={() => write(new Set(leafIds))}>{translate('system.selectAll')}</Button>
        <Button size="small" disabled={disabled} onClick={() => write(new Set())}>{translate('system.selectNone')}</Button>
      </Stack>
      <Paper variant="outlined" sx={{ px: 1, py: 0.5, maxHeight: 480, overflow: 'auto' }}>
        <Box component="ul" role="tree" sx={{ p: 0, m: 0 }}>
          {tree.map((node) => <Node key={node.id} node={node} chosen={chosen} toggle={toggle} open={open} setOpen={setOpen} disabled={disabled} />)}
        </Box>
      </Paper>
      <FormHelperText>{translate('system.grantsHelp')}</FormHelperText>
    </Box>
  );
}
