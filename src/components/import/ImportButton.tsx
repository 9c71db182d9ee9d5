import { useRef, useState, type ChangeEvent } from 'react';
import { Button, downloadCSV, useDataProvider, useNotify, useRefresh, useResourceContext, useTranslate } from 'react-admin';
import {
  Alert, Box, Button as MuiButton, Chip, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, Stack, Table, TableBody,
  TableCell, TableHead, TableRow, Typography,
} from '@mui/material';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import DownloadIcon from '@mui/icons-material/Download';
import type { MeteringDataProvider } from '../../data/dataProvider';
import { parseCsvFile, type ParsedCsv } from './parseCsv';
import { useResourceAccess } from '../../auth/useResourceAccess';

/** One column of an import: its header in the file (the API's field name), and whether every row needs it. */
export interface ImportColumn {
  name: string;
  required?: boolean;
}

/** Most rows one import takes (the server's limit too). */
export const IMPORT_MAX_ROWS = 20_000;

/** The server's answer to an import call (server/http/importKit.ts). */
export interface ImportResult {
  total: number;
  valid: number;
  invalid: number;
  written: number;
  dryRun: boolean;
  errors: { row: number; column: string; reason: string }[];
  errorsCapped?: boolean;
}

export interface ImportButtonProps {
  /** The resource whose endpoint map has the import call among its `actions` (default: the list's resource). */
  resource?: string;
  /** The import call's action name in that map (e.g. `importRooms`). */
  action: string;
  /** The file's columns, in the template's order. */
  columns: ImportColumn[];
  /** Message key of the dialog's title (default `importKit.title`). */
  title?: string;
}

/**
 * The CSV import kit (one line on a list's toolbar: `<ImportButton action="importRooms" columns={…} />`).
 * The operator picks a .csv file; it is read in the browser (UTF-8 with or without BOM; GBK/GB18030,
 * what Excel writes for "CSV" on a Chinese Windows, when the file is not valid UTF-8) and parsed
 * with papaparse; the rows are checked by the server (a dry run) and its per-row report shown
 * (line, column, reason). "Import" is offered only when every row is valid; "import the valid rows
 * only" when some are. The template is the header row, as a UTF-8 CSV with BOM (Excel opens it right).
 */
export function ImportButton({ resource: given, action, columns, title = 'importKit.title' }: ImportButtonProps) {
  const current = useResourceContext();
  const resource = given ?? current!;
  const { canAccess } = useResourceAccess({ resource, action: 'create' });
  const [open, setOpen] = useState(false);
  if (!canAccess) return null;
  return (
    <>
      <Button label="importKit.button" onClick={() => setOpen(true)}><UploadFileIcon /></Button>
      {open && <ImportDialog resource={resource} action={action} columns={columns} title={title} onClose={() => setOpen(false)} />}
    </>
  );
}

type Stage = { kind: 'empty' } | { kind: 'parsed'; file: ParsedCsv } | { kind: 'failed'; message: string; args?: Record<string, unknown> };

export function ImportDialog({ resource, action, columns, title, onClose }: Required<Omit<ImportButtonProps, 'title'>> & { title: string; onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useDataProvider<MeteringDataProvider>();
  const input = useRef<HTMLInputElement>(null);
  const [stage, setStage] = useState<Stage>({ kind: 'empty' });
  const [report, setReport] = useState<ImportResult>();
  const [busy, setBusy] = useState<'reading' | 'checking' | 'importing' | undefined>();
  const [serverError, setServerError] = useState<string>();

  const send = (rows: Record<string, string>[], mode: 'all' | 'validOnly', dryRun: boolean) =>
    dataProvider.invoke<ImportResult>(resource, action, { rows, mode, dryRun });

  const check = async (file: ParsedCsv) => {
    setBusy('checking');
    setServerError(undefined);
    try {
      setReport(await send(file.rows, 'all', true));
    } catch (error) {
      setServerError((error as Error).message);
    } finally {
      setBusy(undefined);
    }
  };

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    event.target.value = '';
    if (!chosen) return;
    setReport(undefined);
    setServerError(undefined);
    setBusy('reading');
    const parsed = await parseCsvFile(chosen, columns);
    setBusy(undefined);
    if ('error' in parsed) {
      setStage({ kind: 'failed', message: parsed.error, args: parsed.args });
      return;
    }
    if (parsed.rows.length > IMPORT_MAX_ROWS) {
      setStage({ kind: 'failed', message: 'importKit.tooManyRows', args: { count: parsed.rows.length, max: IMPORT_MAX_ROWS } });
      return;
    }
    setStage({ kind: 'parsed', file: parsed });
    await check(parsed);
  };

  const run = async (mode: 'all' | 'validOnly') => {
    if (stage.kind !== 'parsed') return;
    setBusy('importing');
    setServerError(undefined);
    try {
      const result = await send(stage.file.rows, mode, false);
      if (result.written) {
        notify('importKit.done', { type: 'info', messageArgs: { smart_count: result.written } });
        refresh();
        onClose();
      } else {
        setReport(result);
      }
    } catch (error) {
      setServerError((error as Error).message);
    } finally {
      setBusy(undefined);
    }
  };

  const template = () => downloadCSV(`\uFEFF${columns.map((c) => c.name).join(',')}\r\n`, `${translate(`routes.${resource}`, { _: resource })}-${translate('importKit.templateName')}`);

  const file = stage.kind === 'parsed' ? stage.file : undefined;
  const checked = !!report && !busy;
  return (
    <Dialog open onClose={busy ? undefined : onClose} maxWidth="md" fullWidth aria-labelledby="import-title">
      <DialogTitle id="import-title">{translate(title)}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2}>
          <Typography variant="body2" color="text.secondary">
            {translate('importKit.help', { max: IMPORT_MAX_ROWS.toLocaleString() })}
          </Typography>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, alignItems: 'center' }}>
            <Typography variant="body2" sx={{ mr: 0.5 }}>{translate('importKit.columns')}</Typography>
            {columns.map((column) => (
              <Chip key={column.name} size="small" label={column.name} variant={column.required ? 'filled' : 'outlined'} color={column.required ? 'primary' : 'default'} />
            ))}
            <Typography variant="caption" color="text.secondary" sx={{ ml: 1 }}>{translate('importKit.requiredHint')}</Typography>
          </Box>
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            <MuiButton variant="contained" startIcon={<UploadFileIcon />} onClick={() => input.current?.click()} disabled={!!busy}>
              {translate('importKit.choose')}
            </MuiButton>
            <MuiButton startIcon={<DownloadIcon />} onClick={template}>{translate('importKit.template')}</MuiButton>
            <input ref={input} type="file" accept=".csv,text/csv" hidden onChange={choose} data-testid="import-file" />
          </Box>
          {busy && (
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
              <CircularProgress size={18} /><Typography variant="body2">{translate(`importKit.${busy}`)}</Typography>
            </Box>
          )}
          {stage.kind === 'failed' && <Alert severity="error">{translate(stage.message, stage.args)}</Alert>}
          {file && (
            <Typography variant="body2">
              {translate('importKit.fileRows', { name: file.name, smart_count: file.rows.length, encoding: file.encoding })}
              {file.ignored.length > 0 && ` ${translate('importKit.ignoredColumns', { columns: file.ignored.join(', ') })}`}
            </Typography>
          )}
          {serverError && <Alert severity="error">{serverError}</Alert>}
          {checked && report && (report.invalid === 0
            ? <Alert severity="success">{translate('importKit.allValid', { smart_count: report.valid })}</Alert>
            : <Alert severity="warning">{translate('importKit.someInvalid', { invalid: report.invalid, valid: report.valid, total: report.total })}</Alert>)}
          {checked && report && report.errors.length > 0 && (
            <Box sx={{ maxHeight: 320, overflow: 'auto', border: 1, borderColor: 'divider', borderRadius: 1 }}>
              <Table size="small" stickyHeader aria-label={translate('importKit.report')}>
                <TableHead>
                  <TableRow>
                    <TableCell>{translate('importKit.row')}</TableCell>
                    <TableCell>{translate('importKit.column')}</TableCell>
                    <TableCell>{translate('importKit.reason')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {report.errors.map((error, index) => (
                    <TableRow key={index}>
                      <TableCell sx={{ fontVariantNumeric: 'tabular-nums' }}>{error.row}</TableCell>
                      <TableCell><code>{error.column}</code></TableCell>
                      <TableCell>{error.reason}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
              {report.errorsCapped && <Typography variant="caption" sx={{ p: 1, display: 'block' }}>{translate('importKit.capped', { count: report.errors.length })}</Typography>}
            </Box>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <MuiButton onClick={onClose} disabled={busy === 'importing'}>{translate('ra.action.cancel')}</MuiButton>
        <MuiButton onClick={() => run('validOnly')} disabled={!checked || !report || report.invalid === 0 || report.valid === 0}>
          {translate('importKit.importValid', { smart_count: report?.valid ?? 0 })}
        </MuiButton>
        <MuiButton variant="contained" onClick={() => run('all')} disabled={!checked || !report || report.invalid > 0 || report.valid === 0}>
          {translate('importKit.import', { smart_count: report?.total ?? 0 })}
        </MuiButton>
      </DialogActions>
    </Dialog>
  );
}
