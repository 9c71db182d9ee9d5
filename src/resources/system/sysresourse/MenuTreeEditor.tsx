import { useMemo, useState, type DragEvent } from 'react';
import { Title, useDataProvider, useNotify, useTranslate } from 'react-admin';
import { Alert, Box, Button, Chip, CircularProgress, Collapse, IconButton, Paper, Stack, Tooltip, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import AddIcon from '@mui/icons-material/Add';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import DeleteIcon from '@mui/icons-material/Delete';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import EditIcon from '@mui/icons-material/Edit';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import RefreshIcon from '@mui/icons-material/Refresh';
import { RowConfirm } from '../../../components/list/RowButtons';
import { useResourceAccess } from '../../../auth/useResourceAccess';
import { iconByName } from '../../../layout/icons';
import type { MeteringDataProvider } from '../../../data/dataProvider';
import { MenuEntryDialog } from './MenuEntryDialog';
import { menuTree, reorder, type MenuEntry, type MenuNode } from './model';

const QUERY_KEY = ['sysresourse', 'all'];

type Draft = Omit<MenuEntry, 'id'> & { id?: number };

interface RowProps {
  node: MenuNode;
  siblings: MenuNode[];
  depth: number;
  open: Set<number>;
  toggle: (id: number) => void;
  canEdit: boolean;
  busy: boolean;
  onMove: (node: MenuNode, siblings: MenuNode[], to: number) => void;
  onAdd: (parent: MenuNode) => void;
  onEdit: (node: MenuNode) => void;
  onDelete: (node: MenuNode) => void;
  drag: { id: number; parentId: number } | undefined;
  setDrag: (drag: { id: number; parentId: number } | undefined) => void;
}

/** One entry of the tree with its actions; siblings are reordered by dragging one onto another. */
function EntryRow(props: RowProps) {
  const { node, siblings, depth, open, toggle, canEdit, busy, onMove, onAdd, onEdit, onDelete, drag, setDrag } = props;
  const translate = useTranslate();
  const [over, setOver] = useState(false);
  const index = siblings.findIndex((sibling) => sibling.id === node.id);
  const Icon = iconByName(node.icon);
  const label = node.name || translate('layout.untitledMenu');
  const isOpen = open.has(node.id);
  const droppable = !!drag && drag.parentId === node.parentId && drag.id !== node.id;
  const temporary = node.userType === 2 && !node.resUrl;
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    if (!droppable || !drag) return;
    const moved = siblings.find((sibling) => sibling.id === drag.id);
    setDrag(undefined);
    if (moved) onMove(moved, siblings, index);
  };
  return (
    <Box component="li" sx={{ listStyle: 'none' }} role="treeitem" aria-label={label} aria-expanded={node.children.length ? isOpen : undefined}>
      <Stack
        direction="row" data-entry={node.id}
        draggable={canEdit && node.userType !== 0}
        onDragStart={(event) => { event.dataTransfer.effectAllowed = 'move'; event.dataTransfer.setData('text/plain', String(node.id)); setDrag({ id: node.id, parentId: node.parentId }); }}
        onDragEnd={() => setDrag(undefined)}
        onDragOver={(event) => { if (droppable) { event.preventDefault(); setOver(true); } }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
        sx={{
          alignItems: 'center', gap: 0.5, minHeight: 40, pl: depth * 3, pr: 1, borderRadius: 1,
          borderTop: over ? 2 : 0, borderColor: 'primary.main', '&:hover': { bgcolor: 'action.hover' },
          opacity: drag?.id === node.id ? 0.5 : 1,
        }}
      >
        {node.children.length ? (
          <IconButton size="small" onClick={() => toggle(node.id)} aria-label={label}>
            {isOpen ? <ExpandMoreIcon fontSize="small" /> : <ChevronRightIcon fontSize="small" />}
          </IconButton>
        ) : <Box sx={{ width: 30, flexShrink: 0 }} />}
        {canEdit && node.userType !== 0 && (
          <Tooltip title={translate('menuAdmin.dragHandle')}><DragIndicatorIcon fontSize="small" sx={{ color: 'text.disabled', cursor: 'grab' }} /></Tooltip>
        )}
        <Icon fontSize="small" color={node.userType === 2 ? 'action' : 'primary'} />
        <Typography variant="body2" sx={{ fontWeight: node.userType < 2 ? 600 : 400, whiteSpace: 'nowrap' }}>{label}</Typography>
        <Chip size="small" variant="outlined" label={translate(`menuAdmin.type.${node.userType}`)} />
        {node.resUrl
          ? <Typography variant="caption" color="text.secondary" sx={{ fontFamily: 'monospace' }}>{node.resUrl}</Typography>
          : temporary && <Chip size="small" color="warning" variant="outlined" label={translate('menuAdmin.tempMenu')} />}
        <Typography variant="caption" color="text.secondary" sx={{ ml: 1 }} aria-label={translate('resources.sysresourse.fields.userSort')}>#{node.userSort}</Typography>
        <Box sx={{ flex: 1 }} />
        {canEdit && (
          <Stack direction="row" sx={{ flexShrink: 0 }}>
            {node.userType !== 0 && (
              <>
                <Tooltip title={translate('menuAdmin.moveUp')}>
                  <span><IconButton size="small" aria-label={translate('menuAdmin.moveUp')} disabled={busy || index <= 0} onClick={() => onMove(node, siblings, index - 1)}><ArrowUpwardIcon fontSize="small" /></IconButton></span>
                </Tooltip>
                <Tooltip title={translate('menuAdmin.moveDown')}>
                  <span><IconButton size="small" aria-label={translate('menuAdmin.moveDown')} disabled={busy || index >= siblings.length - 1} onClick={() => onMove(node, siblings, index + 1)}><ArrowDownwardIcon fontSize="small" /></IconButton></span>
                </Tooltip>
              </>
            )}
            {node.userType < 2 && (
              <Tooltip title={translate('menuAdmin.addChild')}>
                <IconButton size="small" aria-label={translate('menuAdmin.addChild')} onClick={() => onAdd(node)}><AddIcon fontSize="small" /></IconButton>
              </Tooltip>
            )}
            <Tooltip title={translate('menuAdmin.edit')}>
              <IconButton size="small" aria-label={translate('menuAdmin.edit')} onClick={() => onEdit(node)}><EditIcon fontSize="small" /></IconButton>
            </Tooltip>
            {node.userType !== 0 && (
              <Tooltip title={node.children.length ? translate('menuAdmin.hasChildren', { count: node.children.length }) : translate('menuAdmin.delete')}>
                <span><IconButton size="small" color="error" aria-label={translate('menuAdmin.delete')} disabled={node.children.length > 0} onClick={() => onDelete(node)}><DeleteIcon fontSize="small" /></IconButton></span>
              </Tooltip>
            )}
          </Stack>
        )}
      </Stack>
      {node.children.length > 0 && (
        <Collapse in={isOpen} unmountOnExit>
          <Box component="ul" role="group" sx={{ p: 0, m: 0 }}>
            {node.children.map((child) => <EntryRow key={child.id} {...props} node={child} siblings={node.children} depth={depth + 1} />)}
          </Box>
        </Collapse>
      )}
    </Box>
  );
}

/**
 * 菜单管理: the menu resource tree (SPEC.md section 3) with create, edit, delete, reorder by drag
 * or move up / down (sort values renumbered 10, 20, …), an icon picker, and entries without a
 * path (temporary entries). The side menu follows after a reload (the menu is read at sign-in).
 */
export default function MenuTreeEditor() {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<MeteringDataProvider>();
  const queryClient = useQueryClient();
  const { canAccess: canEdit } = useResourceAccess({ resource: 'sysresourse', action: 'edit' });
  const { data: rows, isPending, error } = useQuery({
    queryKey: QUERY_KEY,
    queryFn: () => dataProvider.invoke<MenuEntry[]>('sysresourse', 'all'),
  });
  const tree = useMemo(() => menuTree(rows ?? []), [rows]);
  const [open, setOpen] = useState<Set<number> | undefined>();
  // The root and its groups open at first.
  const opened = open ?? new Set(tree.flatMap((node) => [node.id]));
  const toggle = (id: number) => setOpen(() => {
    const next = new Set(opened);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    return next;
  });
  const [editing, setEditing] = useState<Draft>();
  const [deleting, setDeleting] = useState<MenuNode>();
  const [busy, setBusy] = useState(false);
  const [drag, setDrag] = useState<{ id: number; parentId: number }>();
  const [changed, setChanged] = useState(false);

  const reload = () => queryClient.invalidateQueries({ queryKey: QUERY_KEY });
  const afterChange = async (message: string) => {
    notify(message, { type: 'success' });
    setChanged(true);
    await reload();
  };

  const move = async (node: MenuNode, siblings: MenuNode[], to: number) => {
    const changes = reorder(siblings, node.id, to);
    if (!changes.length) return;
    setBusy(true);
    try {
      for (const change of changes) await dataProvider.invoke('sysresourse', 'update', change);
      await afterChange('menuAdmin.reordered');
    } catch (err) {
      notify((err as Error).message, { type: 'error' });
      await reload();
    } finally {
      setBusy(false);
    }
  };

  const nextSort = (parentId: number) => {
    const siblings = (rows ?? []).filter((row) => row.parentId === parentId);
    return siblings.length ? Math.min(9999, Math.max(...siblings.map((row) => row.userSort)) + 10) : 10;
  };
  const root = tree.find((node) => node.userType === 0);
  const addGroup = () => setEditing({ userType: 1, parentId: root?.id ?? 0, userSort: nextSort(root?.id ?? 0), name: '', resUrl: '', icon: '' });
  const addChild = (parent: MenuNode) => {
    setEditing({ userType: parent.userType === 0 ? 1 : 2, parentId: parent.id, userSort: nextSort(parent.id), name: '', resUrl: '', icon: '' });
    setOpen(new Set([...opened, parent.id]));
  };

  const remove = async () => {
    const node = deleting;
    setDeleting(undefined);
    if (!node) return;
    try {
      await dataProvider.invoke('sysresourse', 'remove', { id: node.id });
      await afterChange('menuAdmin.deleted');
    } catch (err) {
      notify((err as Error).message, { type: 'error' });
    }
  };

  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Title title={translate('routes.sysresourse')} />
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 1 }}>
        <Typography variant="h6" component="h2">{translate('menuAdmin.title')}</Typography>
        {rows && <Typography variant="caption" color="text.secondary">{rows.length}</Typography>}
        <Box sx={{ flex: 1 }} />
        <Button size="small" onClick={() => setOpen(new Set((rows ?? []).filter((row) => row.userType < 2).map((row) => row.id)))}>{translate('system.expandAll')}</Button>
        <Button size="small" onClick={() => setOpen(new Set(root ? [root.id] : []))}>{translate('system.collapseAll')}</Button>
        {canEdit && <Button variant="contained" size="small" startIcon={<AddIcon />} onClick={addGroup} disabled={!rows}>{translate('menuAdmin.addGroup')}</Button>}
      </Stack>
      <Alert severity="info" sx={{ mb: 1 }}>{translate('menuAdmin.hint')}</Alert>
      {changed && (
        <Alert severity="success" sx={{ mb: 1 }} action={<Button color="inherit" size="small" startIcon={<RefreshIcon />} onClick={() => window.location.reload()}>{translate('menuAdmin.reload')}</Button>}>
          {translate('menuAdmin.saved')}
        </Alert>
      )}
      <Paper variant="outlined" sx={{ p: 1 }}>
        {isPending && <Box sx={{ p: 3, textAlign: 'center' }}><CircularProgress size={28} /></Box>}
        {error && <Alert severity="error">{(error as Error).message}</Alert>}
        {rows && !rows.length && <Typography color="text.secondary" sx={{ p: 2 }}>{translate('menuAdmin.empty')}</Typography>}
        <Box component="ul" role="tree" aria-label={translate('menuAdmin.title')} sx={{ p: 0, m: 0 }}>
          {tree.map((node) => (
            <EntryRow
              key={node.id} node={node} siblings={tree} depth={0} open={opened} toggle={toggle} canEdit={!!canEdit} busy={busy}
              onMove={move} onAdd={addChild} onEdit={(entry) => setEditing(entry)} onDelete={setDeleting} drag={drag} setDrag={setDrag}
            />
          ))}
        </Box>
      </Paper>
      {editing && rows && (
        <MenuEntryDialog
          entry={editing} rows={rows} onClose={() => setEditing(undefined)}
          onSaved={() => { setEditing(undefined); void afterChange('menuAdmin.saved'); }}
        />
      )}
      <RowConfirm
        isOpen={!!deleting} title="menuAdmin.deleteTitle"
        content={translate('menuAdmin.deleteConfirm', { name: deleting?.name ?? '' })}
        onConfirm={remove} onClose={() => setDeleting(undefined)}
      />
    </Box>
  );
}
