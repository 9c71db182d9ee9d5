import { useState, type ComponentProps, type MouseEvent, type ReactElement } from 'react';
import { Confirm, useCreatePath, useRecordContext, useResourceContext, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { IconButton } from '@mui/material';
import { RowTip } from './RowTips';
import EditIcon from '@mui/icons-material/Edit';
import VisibilityIcon from '@mui/icons-material/Visibility';
import { useResourceAccess } from '../../auth/useResourceAccess';

/** A compact row action: an icon with its name as tooltip (the table's shared one in a list) and accessible name. */
export function RowIconButton({ label, icon, onClick, color }: {
  label: string;
  icon: ReactElement;
  onClick: (event: MouseEvent) => void;
  color?: 'primary' | 'warning' | 'error' | 'default';
}) {
  const translate = useTranslate();
  const name = translate(label);
  return (
    <RowTip title={name}>
      <IconButton size="small" aria-label={name} color={color ?? 'primary'} onClick={(event) => { event.stopPropagation(); onClick(event); }}>
        {icon}
      </IconButton>
    </RowTip>
  );
}

/** Opens the row's record page: to edit it, or to look at it when the operator may not edit. */
export function RowEditButton() {
  const record = useRecordContext();
  const resource = useResourceContext();
  const translate = useTranslate();
  const createPath = useCreatePath();
  const { canAccess } = useResourceAccess({ resource, action: 'edit' });
  if (!record) return null;
  const name = translate(canAccess ? 'ra.action.edit' : 'ra.action.show');
  return (
    <RowTip title={name}>
      <IconButton size="small" color="primary" aria-label={name} component={Link} to={createPath({ resource, type: 'edit', id: record.id })} onClick={(event: MouseEvent) => event.stopPropagation()}>
        {canAccess ? <EditIcon fontSize="small" /> : <VisibilityIcon fontSize="small" />}
      </IconButton>
    </RowTip>
  );
}

/**
 * A row action's confirmation: react-admin's `Confirm`, mounted from its first opening on (and
 * kept, so that it closes with its transition). A list renders one per row and nearly all stay
 * closed: a closed dialog still costs its component tree on every row of every page.
 */
export function RowConfirm(props: ComponentProps<typeof Confirm>) {
  const [opened, setOpened] = useState(props.isOpen);
  if (props.isOpen && !opened) setOpened(true);
  return opened ? <Confirm {...props} /> : null;
}
