import { useState } from 'react';
import { Button, useDataProvider, useListContext, useNotify, useResourceContext, useTranslate } from 'react-admin';
import DownloadIcon from '@mui/icons-material/GetApp';
import GridOnIcon from '@mui/icons-material/GridOn';
import type { MeteringDataProvider } from '../../data/dataProvider';

/** The Excel export's icon (a sheet), beside the CSV export's download arrow. */
export const ExcelIcon = GridOnIcon;

/**
 * The list frame's export when the server writes the file (ListScreen's `exportButton`): the
 * resource's `export` call (an endpoint map action with `download: true`) with the list's filters
 * and sort; the server streams every matching row, so an export of a month of a city's orders never
 * passes through the browser's memory as JSON. Two buttons: CSV (UTF-8 with BOM, formula-safe
 * cells) and Excel (`format=xlsx` on the same path: codes as text, money and dates typed).
 */
export function ServerExportButton({ action = 'export' }: { action?: string }) {
  const resource = useResourceContext()!;
  const { filterValues, sort, total } = useListContext();
  const dataProvider = useDataProvider() as MeteringDataProvider;
  const translate = useTranslate();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const run = async (format: 'csv' | 'xlsx') => {
    setBusy(true);
    try {
      await dataProvider.invoke(resource, action, {
        ...filterValues, sortField: sort?.field, sortOrder: sort?.order?.toLowerCase(),
        ...(format === 'xlsx' ? { format } : {}), filename: `${translate(`routes.${resource}`)}.${format}`,
      });
    } catch (error) {
      notify(error instanceof Error ? error.message : 'ra.notification.http_error', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button label="exports.csv" onClick={() => run('csv')} disabled={busy || !total}><DownloadIcon /></Button>
      <Button label="exports.xlsx" onClick={() => run('xlsx')} disabled={busy || !total}><ExcelIcon /></Button>
    </>
  );
}
