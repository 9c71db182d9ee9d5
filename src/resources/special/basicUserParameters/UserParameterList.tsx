import { useMemo, useState } from 'react';
import { Button, TextInput, useDataProvider, useListContext, useNotify, useRecordContext, useRefresh, useResourceContext, useTranslate, type RaRecord } from 'react-admin';
import { Alert, Box, Button as MuiButton, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, TextField, Typography } from '@mui/material';
import TuneIcon from '@mui/icons-material/Tune';
import { ListScreen } from '../../../components/list/ListScreen';
import { filterInputs, type FilterSpec } from '../../../components/list/filters';
import type { Column, StateStyle } from '../../../components/list/columns';
import { RowIconButton } from '../../../components/list/RowButtons';
import { createRowDialog } from '../../../components/list/RowDialog';
import { useResourceAccess } from '../../../auth/useResourceAccess';
import type { MeteringDataProvider } from '../../../data/dataProvider';
import { fenToYuan, formatYuan, yuanToFen } from '../../../../common/money';
import { ACCOUNT_LIMIT_KEYS, accountLimitsProblem, type AccountLimitValues } from '../../../../common/accountLimits';
import { roomText } from '../../../../common/formats';

/** A room account with its limits (userParameter/findByCondition). */
export interface UserParameters extends RaRecord, AccountLimitValues {
  id: number;
  roomId: number;
  roomCode: string | null;
  buildingName: string | null;
  projectName: string | null;
  tenantName: string | null;
  utility: 'electric' | 'water';
  balanceFen: number;
}

const T = 'userParameters';
const UTILITY: Record<string, StateStyle> = {
  electric: { label: `${T}.utility.electric`, color: 'warning' },
  water: { label: `${T}.utility.water`, color: 'info' },
};

const COLUMNS: Column<UserParameters>[] = [
  { source: 'projectName', priority: 2, sortable: false },
  { source: 'buildingName', priority: 1, sortable: false },
  { source: 'roomCode', kind: 'code', priority: 1, sortable: false },
  { source: 'tenantName', priority: 2, sortable: false },
  { source: 'utility', kind: 'state', states: UTILITY, priority: 1, sortable: false },
  { source: 'balanceFen', kind: 'money', priority: 1 },
  { source: 'alarm1Fen', kind: 'money', priority: 1 },
  { source: 'alarm2Fen', kind: 'money', priority: 1 },
  { source: 'overdraftFen', kind: 'money', priority: 1 },
  { source: 'hoardLimitFen', kind: 'money', priority: 1 },
];

const FILTERS: FilterSpec[] = [
  { source: 'projectId', kind: 'project', alwaysOn: true },
  { source: 'buildingId', kind: 'building', alwaysOn: true },
  { source: 'utility', kind: 'choice', alwaysOn: true, choices: Object.entries(UTILITY).map(([id, style]) => ({ id, name: style.label })) },
];

/** The room as the dialog's words name it: project, building and room ("1号楼 101" exists in several projects). */
const roomOf = (account: UserParameters) => roomText(account);

type Entry = Record<keyof AccountLimitValues, string>;

/**
 * What the entries would set, checked as the server checks it (common/accountLimits.ts) against each
 * account's balance: the first problem in words (naming the room when several accounts are set).
 */
function useCheck(accounts: UserParameters[], entry: Entry) {
  const translate = useTranslate();
  return useMemo(() => {
    const changes: Partial<AccountLimitValues> = {};
    for (const key of ACCOUNT_LIMIT_KEYS) {
      const text = entry[key].trim();
      if (!text) continue;
      const fen = yuanToFen(text);
      if (fen === undefined || fen === null) return { changes, field: key, problem: translate(`${T}.notAmount`) };
      changes[key] = fen;
    }
    if (!Object.keys(changes).length) return { changes, field: undefined, problem: translate(`${T}.nothing`) };
    for (const account of accounts) {
      const after: AccountLimitValues = { alarm1Fen: account.alarm1Fen, alarm2Fen: account.alarm2Fen, overdraftFen: account.overdraftFen, hoardLimitFen: account.hoardLimitFen, ...changes };
      const found = accountLimitsProblem(after, account.balanceFen);
      if (found) {
        const reason = translate(`server.${found.key}`, found.params);
        return { changes, field: found.field, problem: accounts.length > 1 ? translate(`${T}.ofRoom`, { room: roomOf(account), reason }) : reason };
      }
    }
    return { changes, field: undefined, problem: undefined };
  }, [accounts, entry, translate]);
}

/** Sets the limits of one account (its values filled in) or of several (an empty field keeps each account's own). */
export function LimitsDialog({ accounts, onClose, onSaved }: { accounts: UserParameters[]; onClose: () => void; onSaved?: () => void }) {
  const translate = useTranslate();
  const resource = useResourceContext()!;
  const dataProvider = useDataProvider<MeteringDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const one = accounts.length === 1 ? accounts[0] : undefined;
  const [entry, setEntry] = useState<Entry>(() => Object.fromEntries(ACCOUNT_LIMIT_KEYS.map((key) => [key, one ? fenToYuan(one[key]) : ''])) as Entry);
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [serverProblem, setServerProblem] = useState<string>();
  const { changes, field, problem } = useCheck(accounts, entry);
  const shown = touched ? problem : undefined;
  const submit = async () => {
    setTouched(true);
    setServerProblem(undefined);
    if (problem) return;
    setBusy(true);
    try {
      await dataProvider.invoke(resource, 'setLimits', { ids: accounts.map((account) => account.id), ...changes });
      notify(translate(`${T}.saved`, { smart_count: accounts.length }), { type: 'success' });
      onSaved?.();
      onClose();
      refresh();
    } catch (error) {
      // The server's message (the same rule, or an account changed meanwhile): shown in the dialog.
      setServerProblem(error instanceof Error ? error.message : String(error));
      setBusy(false);
    }
  };
  return (
    <Dialog open onClose={busy ? undefined : onClose} maxWidth="xs" fullWidth aria-labelledby="user-parameters-title">
      <DialogTitle id="user-parameters-title">
        {one ? translate(`${T}.title`, { room: roomOf(one) }) : translate(`${T}.titleMany`, { smart_count: accounts.length })}
      </DialogTitle>
      <DialogContent>
        {one ? (
          <Box sx={{ display: 'flex', justifyContent: 'space-between', mb: 1 }}>
            <Typography variant="body2" color="text.secondary">{translate(`${T}.balance`)}</Typography>
            <Typography variant="body2" sx={{ fontVariantNumeric: 'tabular-nums', fontWeight: 600 }} data-testid="account-balance">{formatYuan(one.balanceFen)}</Typography>
          </Box>
        ) : <DialogContentText sx={{ mb: 1 }}>{translate(`${T}.keepEmpty`)}</DialogContentText>}
        {ACCOUNT_LIMIT_KEYS.map((key) => (
          <TextField
            key={key} fullWidth size="small" margin="dense" label={translate(`resources.basicUserParameters.fields.${key}`)}
            value={entry[key]} onChange={(event) => setEntry((was) => ({ ...was, [key]: event.target.value }))}
            error={!!shown && field === key} placeholder={one ? undefined : translate(`${T}.keep`)}
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          />
        ))}
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>{translate(`${T}.rule`)}</Typography>
        {(shown || serverProblem) && <Alert severity="error" role="alert" sx={{ mt: 1.5 }}>{shown ?? serverProblem}</Alert>}
      </DialogContent>
      <DialogActions>
        <MuiButton onClick={onClose} disabled={busy}>{translate('ra.action.cancel')}</MuiButton>
        <MuiButton variant="contained" onClick={submit} disabled={busy || (touched && !!problem)}>{translate('ra.action.save')}</MuiButton>
      </DialogActions>
    </Dialog>
  );
}

const { Provider, useOpen } = createRowDialog<UserParameters>((account, close) => <LimitsDialog accounts={[account]} onClose={close} />);

/** Row action: set this account's limits. */
function EditLimitsButton() {
  const record = useRecordContext<UserParameters>();
  const open = useOpen();
  const resource = useResourceContext();
  const { canAccess } = useResourceAccess({ resource, action: 'edit' });
  if (!record || !canAccess) return null;
  return <RowIconButton label={`${T}.edit`} icon={<TuneIcon fontSize="small" />} onClick={() => open(record)} />;
}

/** Bulk action: set the limits of the selected accounts. */
function SetSelectedButton() {
  const { selectedIds, data = [], onUnselectItems } = useListContext<UserParameters>();
  const [open, setOpen] = useState(false);
  const chosen = data.filter((account) => selectedIds.includes(account.id));
  return (
    <>
      <Button label={`${T}.setSelected`} onClick={() => setOpen(true)} disabled={!chosen.length}><TuneIcon /></Button>
      {open && <LimitsDialog accounts={chosen} onClose={() => setOpen(false)} onSaved={() => onUnselectItems()} />}
    </>
  );
}

/** 用户参数设置: the room accounts with their balance and limits; a row's limits or the selected rows' set in a dialog. */
export default function UserParameterList() {
  const resource = useResourceContext()!;
  const inputs = useMemo(() => [
    ...filterInputs(resource, FILTERS),
    <TextInput key="roomCode" source="roomCode" label={`resources.${resource}.fields.roomCode`} alwaysOn resettable={false} sx={{ width: 120 }} />,
  ], [resource]);
  return (
    <Provider>
      <ListScreen<UserParameters>
        columns={COLUMNS} filters={inputs} sort={{ field: 'id', order: 'ASC' }} deletable={false}
        bulkActions={<SetSelectedButton />} rowActions={<EditLimitsButton />}
      />
    </Provider>
  );
}
