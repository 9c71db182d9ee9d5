import { ResourceContextProvider, useGetList, useStore, useTranslate } from 'react-admin';
import { useLocation, useNavigate } from 'react-router-dom';
import { Badge, Box, Tab, Tabs } from '@mui/material';
import { ReconciliationList } from './ReconciliationList';
import { ConflictList } from './ConflictList';

type View = 'days' | 'conflicts';

/** The open conflicts' count, beside the tab's name. */
function ConflictsLabel() {
  const translate = useTranslate();
  const { total } = useGetList('paymentConflicts', { pagination: { page: 1, perPage: 1 }, sort: { field: 'paidAt', order: 'DESC' }, filter: {} });
  return (
    <Badge color="error" badgeContent={total ?? 0} max={999} sx={{ '& .MuiBadge-badge': { right: -14 } }}>
      {translate('payments.tabs.conflicts')}
    </Badge>
  );
}

/**
 * 支付对账: two views in tabs, each a list of its own (filters, columns, paging kept per view):
 * the daily reconciliation with the providers' bills, and the conflicts. The view last shown is
 * remembered; switching clears the address's list parameters, which belong to the other list.
 */
export default function PaymentReconciliation() {
  const translate = useTranslate();
  const [view, setView] = useStore<View>('zhifuduizhang.view', 'days');
  const navigate = useNavigate();
  const location = useLocation();
  const choose = (next: View) => {
    if (next === view) return;
    if (location.search) navigate({ pathname: location.pathname, search: '' }, { replace: true });
    setView(next);
  };
  return (
    <Box>
      <Tabs value={view} onChange={(_, next: View) => choose(next)} aria-label={translate('payments.tabs.label')} sx={{ mb: 1, borderBottom: 1, borderColor: 'divider' }}>
        <Tab value="days" label={translate('payments.tabs.days')} />
        <Tab value="conflicts" label={<ConflictsLabel />} sx={{ pr: 3 }} />
      </Tabs>
      {view === 'days' ? (
        <ReconciliationList />
      ) : (
        <ResourceContextProvider value="paymentConflicts">
          <ConflictList />
        </ResourceContextProvider>
      )}
    </Box>
  );
}
