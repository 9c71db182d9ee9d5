import { useState, type ComponentProps, type MouseEvent, type ReactElement } from 'react';
import { Confirm, useCreatePath, useRecordContext, useResourceContext, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { IconButton } from '@mui/material';
import { ROW_TIP, RowTip, useRowTips } from './RowTips';
import EditIcon from '@mui/icons-material/Edit';
import VisibilityIcon from '@mui/icons-material/Visibility';
import { useResourceAccess } from '../../auth/useResourceAccess';

type ActionColor = 'primary' | 'warning' | 'error' | 'default';

/** The class of a row action in a list's table (`-<colour>` added), styled by the table (`listBodyStyles`). */
export const ROW_ACTION = 'row-action';

/**
 * A row action as a plain button or link with the table's class: inside a list's table (which
 * shows its shared tooltip, `RowTips`) a page has 25 to 100 rows of one to three actions each, and
 * MUI's `IconButton` is half a dozen components with its ripple's handlers. Elsewhere, MUI's.
 */
const rowActionProps = (name: string, color: ActionColor) => ({
  className: `${ROW_ACTION} ${ROW_ACTION}-${color}`,
  'aria-label': name,
  [ROW_TIP]: name,
});

/** A compact row action: an icon with its name as tooltip (the table's shared one in a list) and accessible name. */
export function RowIconButton({ label, icon, onClick, color = 'primary' }: {
  label: string;
  icon: ReactElement;
  onClick: (event: MouseEvent) => void;
  color?: ActionColor;
}) {
  const translate = useTranslate();
  const inTable = useRowTips();
  const name = translate(label);
  const click = (event: MouseEvent) => {
    event.stopPropagation();
    onClick(event);
  };
  if (inTable) return <button type="button" {...rowActionProps(name, color)} onClick={click}>{icon}</button>;
  return (
    <RowTip title={name}>
      <IconButton size="small" aria-label={name} color={color} onClick={click}>{icon}</IconButton>
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
  const inTable = useRowTips();
  if (!record) return null;
  const name = translate(canAccess ? 'ra.action.edit' : 'ra.action.show');
  const to = createPath({ resource, type: 'edit', id: record.id });
  const icon = canAccess ? <EditIcon fontSize="small" /> : <VisibilityIcon fontSize="small" />;
  if (inTable) return <Link to={to} {...rowActionProps(name, 'primary')} onClick={(event) => event.stopPropagation()}>{icon}</Link>;
  return (
    <RowTip title={name}>
      <IconButton size="small" color="primary" aria-label={name} component={Link} to={to} onClick={(event: MouseEvent) => event.stopPropagation()}>
        {icon}
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
