import { useState } from 'react';
import { Button, useDataProvider, useListContext, useNotify, useResourceContext, useTranslate } from 'react-admin';
import DownloadIcon from '@mui/icons-material/GetApp';
import type { MeteringDataProvider } from '../../data/dataProvider';

/**
 * The list frame's export when the server writes the file (ListScreen's `exportButton`): the
 * resource's `export` call (an endpoint map action with `download: true`) with the list's filters
 * and sort; the server streams every matching row as CSV (UTF-8 with BOM, formula-safe cells),
 * so an export of a month of a city's orders never passes through the browser's memory as JSON.
 */
export function ServerExportButton({ action = 'export' }: { action?: string }) {
  const resource = useResourceContext()!;
  const { filterValues, sort, total } = useListContext();
  const dataProvider = useDataProvider() as MeteringDataProvider;
  const translate = useTranslate();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      await dataProvider.invoke(resource, action, {
        ...filterValues, sortField: sort?.field, sortOrder: sort?.order?.toLowerCase(), filename: `${translate(`routes.${resource}`)}.csv`,
      });
    } catch (error) {
      notify(error instanceof Error ? error.message : 'ra.notification.http_error', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return <Button label="ra.action.export" onClick={run} disabled={busy || !total}><DownloadIcon /></Button>;
}
